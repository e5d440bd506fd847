import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/devices.ts`). */

/**
 * The host registry (spec section 3's Device entity). Who sees a machine follows deviceScope (owner, customer,
 * distributor); who changes one is an editor of the organisation that owns it (the operator or a lessor).
 */
export const DEVICE_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.technician,
  ROLE.distributor,
  ROLE.lessorStaff,
  ROLE.other,
] as const;
/** Roles of the organisations that own machines and keep their registry. */
export const DEVICE_EDITORS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
/**
 * Roles that fit devices to machines and so receive a machine's MQTT secret (decision 011): the administrators of
 * the organisations that own machines and the technicians. Office staff keep the registry without ever seeing a key.
 */
export const DEVICE_INSTALLERS = [ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.technician] as const;
