import { ASSIGNABLE_ROLES } from '../codes/processes.ts';
import { ROLE, type RoleId } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/processes.ts`). */

/** Who designs forms and models, deploys and suspends them. */
export const PROCESS_MAINTAINERS = [ROLE.processMaintainer, ROLE.companyAdmin] as const;
/** Who starts processes and handles tasks: the staff of the operator and the rental companies, each in its own. */
export const PROCESS_USERS: readonly RoleId[] = ASSIGNABLE_ROLES;
