import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/risk.ts`). */

/**
 * Who locks: the administrators of the companies that own machines (the operator's company administrator and
 * a rental company's administrator). Locking stops a customer's work, so it is an administrator's decision;
 * customers and distributors never lock.
 */
export const RISK_LOCKERS = [ROLE.companyAdmin, ROLE.lessorAdmin] as const;
/** Who reads tasks and records: the lockers and the staff who already follow commands (decision 010). */
export const RISK_READERS = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
