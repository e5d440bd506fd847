import { LESSOR_ROLES, OPERATOR_ROLES, ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/analysis.ts`). */

/** The operator's staff, the rental companies' office (no technicians) and the customers (role 11). */
export const ANALYSIS_READERS = [...OPERATOR_ROLES, ...LESSOR_ROLES, ROLE.other] as const;
