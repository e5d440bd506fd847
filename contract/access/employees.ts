import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/employees.ts`). */

/** Organisation administrators manage the employees of their own organisation. */
export const EMPLOYEE_ADMINS = [ROLE.companyAdmin, ROLE.lessorAdmin] as const;
