import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/commands.ts`). */

/**
 * Who may command machines, and see and cancel commands: the operator's employees and administrators, and
 * the rental company's administrator and administrative staff. Finance, sales, technicians, distributors and
 * customers may not (decision 010).
 */
export const COMMAND_ROLES = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
