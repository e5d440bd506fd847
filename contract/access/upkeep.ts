import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/upkeep.ts`). */

/** Who reads plans: the keepers, sales, technicians and distributors, for the machines they see. */
export const UPKEEP_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.technician,
  ROLE.distributor,
  ROLE.lessorStaff,
] as const;
/** Who sets plans and raises their work orders: the keepers of the machines (the device editors). */
export const UPKEEP_WRITERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
