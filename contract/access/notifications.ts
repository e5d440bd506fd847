import { ROLE } from '../codes/roles.ts';

/**
 * Notification rules (docs/decisions/071-notifications.md) belong to the organisations that own machines, as the
 * alarm rules do: their administrators keep them, the staff who keep machines read them and the delivery log.
 */
export const NOTIFY_READERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
export const NOTIFY_EDITORS = [ROLE.companyAdmin, ROLE.lessorAdmin] as const;
