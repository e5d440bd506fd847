import {
  FINANCE_TASKS,
  financeTaskEndpoints,
  type FinanceTask,
  type FinanceTaskRow,
} from '@console/contract/http/finance-tasks';
import type { Endpoint } from '@console/contract/http/endpoint';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { INVOICE_ISSUERS } from '@console/contract/access/invoices';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { invoiceScreens } from '@console/contract/screens/invoices';
import { leaseBillingScreens } from '@console/contract/screens/lease-billing';
import { renewalScreens } from '@console/contract/screens/renewals';
import { route, type HandlerContext, type RouteDef } from '../lib/route.ts';
import { invoiceRoutes } from './invoices/index.ts';
import { leaseBillingRoutes } from './lease-billing/index.ts';
import { renewalRoutes } from './renewals/index.ts';

/**
 * A task: the list where it is done, the filters it opens with (the page's URL query, which its list sends to its
 * endpoint as it is) and the endpoint of that list. The count is the list's own total under those filters, made by
 * the list's own handler for the reader: a count can never disagree with the list it opens.
 */
interface TaskDef {
  group: FinanceTaskRow['group'];
  path: string;
  /** The page's query: what the list reads (its filters) and what it ignores (its tab). */
  query: Record<string, string>;
  list: Endpoint;
  overdue?: boolean;
  /** Only for these roles (reading the list is not enough: invoices are issued by their issuers alone). */
  doers?: readonly number[];
}

const renewalsDue = (days: '1' | '7' | '15' | '30'): TaskDef => ({
  group: 'renewals',
  path: renewalScreens.renewDevice.path,
  query: { tab: 'items', kind: 'device', expiry: days },
  list: renewalEndpoints.items,
});

/** The shop's orders to ship join here as one more task (group `shop`), on the shop's order list. */
const TASKS: Record<FinanceTask, TaskDef> = {
  invoicesToIssue: {
    group: 'invoices',
    path: invoiceScreens.invoiceMng.path,
    query: { state: 'toBeIssued', toIssue: '1' },
    list: invoiceEndpoints.list,
    doers: INVOICE_ISSUERS,
  },
  billsOverdue: {
    group: 'collection',
    path: leaseBillingScreens.arrears.path,
    query: {},
    list: billingEndpoints.arrears,
    overdue: true,
  },
  renewalsDue1: renewalsDue('1'),
  renewalsDue7: renewalsDue('7'),
  renewalsDue15: renewalsDue('15'),
  renewalsDue30: renewalsDue('30'),
  renewalsStopped: {
    group: 'renewals',
    path: renewalScreens.renewDevice.path,
    query: { tab: 'items', kind: 'device', expiry: '0' },
    list: renewalEndpoints.items,
    overdue: true,
  },
  renewalOrdersPending: {
    group: 'renewals',
    path: renewalScreens.renewDevice.path,
    query: { tab: 'orders', state: 'pending' },
    list: renewalEndpoints.list,
  },
};

const LISTS = [...invoiceRoutes, ...leaseBillingRoutes, ...renewalRoutes];

/** The list's total for the reader under the task's filters, by the list's own handler (one row read). */
async function countOf(ctx: HandlerContext<typeof financeTaskEndpoints.list>, task: TaskDef): Promise<number> {
  const def = LISTS.find((r) => r.endpoint === task.list)!;
  const query = task.list.query.parse({ ...task.query, page: 1, pageSize: 1 });
  const answer = (await def.handler({ ...ctx, query, body: {}, setMessage: () => {} })) as { total: number };
  return answer.total;
}

/** Whether the reader's role may open the list at all (a task of a list they cannot read is not theirs). */
const mayRead = (endpoint: Endpoint, roleId: number) =>
  typeof endpoint.access === 'object' && (endpoint.access.roles as readonly number[]).includes(roleId);

export const financeTaskRoutes: RouteDef[] = [
  route(financeTaskEndpoints.list, async (ctx) => {
    const list: FinanceTaskRow[] = [];
    for (const task of FINANCE_TASKS) {
      const def = TASKS[task];
      if (!mayRead(def.list, ctx.user.roleId)) continue;
      if (def.doers && !def.doers.includes(ctx.user.roleId)) continue;
      list.push({
        task,
        group: def.group,
        count: await countOf(ctx, def),
        path: def.path,
        query: def.query,
        overdue: def.overdue ?? false,
      });
    }
    return { list, today: ctx.today() };
  }),
];
