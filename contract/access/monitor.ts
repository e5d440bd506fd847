import { ROLE } from '../codes/roles.ts';
import { DEVICE_EDITORS } from './devices.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/monitor.ts`). */

/** Who watches: the operator's staff, the rental companies' people and customers (their own machines). */
export const MONITOR_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.technician,
  ROLE.lessorStaff,
  ROLE.other,
] as const;
/** Who binds cameras and keeps snapshots: the editors of the machines' owner (snapshots are the machine's files). */
export const CAMERA_EDITORS = DEVICE_EDITORS;
