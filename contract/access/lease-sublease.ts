import { LEASE_MANAGER_ROLES } from '../codes/lease-flow.ts';
import { OPERATOR_ROLES, ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/lease-sublease.ts`). */

/** Who reads sub-lessors and sub-leases of the company: the operator's staff (read only), 5 and 10. */
export const SUBLEASE_READERS = [...OPERATOR_ROLES, ...LEASE_MANAGER_ROLES] as const;
/** Who rents machines in, returns them and manages sub-lessors: the lessor's administrator and staff. */
export const SUBLEASE_MANAGERS = LEASE_MANAGER_ROLES;
/** The sub-lease record is read by the readers and by a sub-lessor's people (their own sub-leases only). */
export const SUBLEASE_RECORD_READERS = [...SUBLEASE_READERS, ROLE.other] as const;
