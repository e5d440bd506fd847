import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/finance-tasks.ts`). */

/**
 * The finance office's tasks (spec /financeCenter/mission; docs/decisions/051-invoices-and-finance-tasks.md): today's
 * and overdue work, each counted live for the reader's scope and linked to the filtered page where it is done.
 *
 * Who: the operator's finance (3) and administrator (2), a rental company's administrator (5) and staff (10).
 */
export const FINANCE_TASK_READERS = [ROLE.companyAdmin, ROLE.finance, ROLE.lessorAdmin, ROLE.lessorStaff] as const;
