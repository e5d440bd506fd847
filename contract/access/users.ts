import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/users.ts`). */

/**
 * Every account a user may see (issue 15; docs/decisions/043-people.md): the operator's staff every one, a rental
 * company's office those of its own company and of its customers. Names and identity numbers are answered masked
 * (spec section 5); the whole of them only to the roles that review verifications, each view recorded.
 */
export const USER_READERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
/** Who disables and re-enables accounts in their scope (never their own, never an administrator unless one). */
export const USER_WRITERS = USER_READERS;
/** Who changes roles: the administrators, never to a role above their own (assignableRoles). */
export const ROLE_CHANGERS = [ROLE.companyAdmin, ROLE.lessorAdmin] as const;
/**
 * Who edits an account's organisation's invoice information from the user detail (decision 048): the operator's
 * staff any organisation's, a rental company's administrator its own company's and its customers'.
 */
export const INVOICE_EDITORS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin] as const;
/** Who resets an account's mobile to a new, verified one: as who disables it (USER_WRITERS, mayDisable). */
export const PHONE_RESETTERS = USER_WRITERS;
/** Who sees the whole real-name data: the operator's staff, who review verifications. */
export const IDENTITY_REVEALERS = [ROLE.companyEmployee, ROLE.companyAdmin] as const;
