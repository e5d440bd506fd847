import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint.ts';
import { FINANCE_TASK_READERS } from '../access/finance-tasks.ts';

/**
 * The tasks, in the order the page shows them. The shop's orders to ship join as one more task of the `shop` group.
 * - invoicesToIssue: invoice requests the reader may issue;
 * - billsOverdue: the renters' contracts with bills past their due day, to collect (the arrears list);
 * - renewalsDue1 / 7 / 15 / 30: machines whose connectivity service ends within 1, 7, 15, 30 days;
 * - renewalsStopped: machines whose service has stopped;
 * - renewalOrdersPending: renewal orders waiting for payment.
 */
export const FINANCE_TASKS = [
  'invoicesToIssue',
  'billsOverdue',
  'renewalsDue1',
  'renewalsDue7',
  'renewalsDue15',
  'renewalsDue30',
  'renewalsStopped',
  'renewalOrdersPending',
] as const;
export type FinanceTask = (typeof FINANCE_TASKS)[number];
export const FINANCE_TASK_GROUPS = ['invoices', 'collection', 'renewals'] as const;

export const financeTaskRow = z.object({
  task: z.enum(FINANCE_TASKS),
  group: z.enum(FINANCE_TASK_GROUPS),
  count: z.number().int(),
  /** Where the task is done: a console path and the filters it opens with. */
  path: z.string(),
  query: z.record(z.string(), z.string()),
  /** Past its day: shown as urgent. */
  overdue: z.boolean(),
});
export type FinanceTaskRow = z.infer<typeof financeTaskRow>;

export const financeTaskEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/finance/tasks.do',
    summary:
      "The finance office's tasks with their counts in the reader's scope (invoices to issue, contracts with " +
      'overdue bills, renewals due in 1, 7, 15, 30 days and stopped, renewal orders waiting for payment), each with the ' +
      'filtered page it is done on',
    access: { roles: FINANCE_TASK_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(financeTaskRow), today: z.string() }),
  }),
} as const;
