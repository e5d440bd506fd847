import { LESSOR_ROLES, OPERATOR_ROLES, ROLE } from '../codes/roles.ts';

/** Who may do what with quotes and reservations (docs/decisions/069-quotes-and-reservations.md). */

/** Who writes quotes: the lessor's administrator, administrative staff and salespeople (as lease contracts). */
export const QUOTE_WRITERS = LESSOR_ROLES;
/** Who reads them: the writers, and the operator's staff overseeing every rental company. */
export const QUOTE_READERS = [...OPERATOR_ROLES, ...LESSOR_ROLES] as const;
/** Who sets how much discount a line may give: the lessor's administrator. */
export const QUOTE_SETTING_ADMINS = [ROLE.lessorAdmin] as const;
