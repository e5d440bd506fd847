import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/approvals.ts`). */

/**
 * Binding requests and verification reviews (spec /approvalManagement/bind, sections 3, 4, 8;
 * docs/decisions/047-bindings-and-verification.md).
 *
 * Who: the operator's staff (1, 2) decide every binding request, a rental company's administrator (5) and
 * administrative staff (10) those addressed to it and to its customers. Verifications are reviewed by the operator's
 * staff alone (they are the ones who see the whole real-name data, decision 043). A person asks to join and a
 * customer asks to bind a machine from the app (registered users 0 and the customers' people 11); any signed-in
 * person submits their real-name data.
 */
export const BIND_DECIDERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
export const VERIFICATION_REVIEWERS = [ROLE.companyEmployee, ROLE.companyAdmin] as const;
/** The customer identities of the app: they ask to join a company and to bind machines. */
export const BIND_REQUESTERS = [ROLE.registeredUser, ROLE.other] as const;
