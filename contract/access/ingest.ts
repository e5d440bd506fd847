import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/ingest.ts`). */

/** The operator's staff who watch the data plane: employees, administrators and process maintainers. */
export const INGEST_ROLES = [ROLE.companyEmployee, ROLE.companyAdmin, ROLE.processMaintainer] as const;
