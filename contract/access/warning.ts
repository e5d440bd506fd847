import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/warning.ts`). */

/**
 * Who reads the alarm centre: the operator's employees and administrators, the lessors' people and technicians,
 * distributors and customers, each the alarms of the machines they see (scope.ts deviceScope). Finance, process
 * maintainers and the data-screen viewer do not work with alarms.
 */
export const ALARM_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.technician,
  ROLE.distributor,
  ROLE.lessorStaff,
  ROLE.other,
] as const;
/**
 * Who acknowledges and handles alarms: the machines' keepers (the operator's staff, the lessor's administrator and
 * administrative staff) and the technicians who go to them. Sales, distributors and customers read.
 */
export const ALARM_HANDLERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.lessorAdmin,
  ROLE.technician,
  ROLE.lessorStaff,
] as const;
