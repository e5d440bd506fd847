import { ROLE } from '../codes/roles.ts';
import { DEVICE_EDITORS } from './devices.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/work-orders.ts`). */

/** Who creates, edits and assigns: the keepers of the machines (DEVICE_EDITORS), for their own machines. */
export const WORK_ORDER_KEEPERS = DEVICE_EDITORS;
/** Who records a repair and resolves: the keepers, and the technician the order is assigned to. */
export const WORK_ORDER_REPAIRERS = [...DEVICE_EDITORS, ROLE.technician] as const;
/**
 * Who reads: the keepers, sales, technicians (their own orders only), distributors and customers (the orders
 * of the machines they see). Finance, process maintainers and the screen viewer do not.
 */
export const WORK_ORDER_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.technician,
  ROLE.distributor,
  ROLE.lessorStaff,
  ROLE.other,
] as const;
