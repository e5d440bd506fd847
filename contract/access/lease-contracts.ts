import { LESSOR_ROLES, OPERATOR_ROLES, ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/lease-contracts.ts`). */

/** Who reads contracts: the operator's staff, the lessor's people, the renter's users (decision 029). */
export const CONTRACT_READERS = [...OPERATOR_ROLES, ...LESSOR_ROLES, ROLE.other] as const;
/** Who writes them: the lessor's administrator, administrative staff and salespeople. */
export const CONTRACT_WRITERS = LESSOR_ROLES;
