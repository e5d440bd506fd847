import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import type { Endpoint } from '@console/contract/http/endpoint';
import { financeTaskEndpoints, type FinanceTask } from '@console/contract/http/finance-tasks';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { rowOf, runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/** The list each task's page shows (the page sends its URL query to it as it is). */
const LIST_OF: Record<FinanceTask, Endpoint> = {
  invoicesToIssue: invoiceEndpoints.list,
  billsOverdue: billingEndpoints.arrears,
  renewalsDue1: renewalEndpoints.items,
  renewalsDue7: renewalEndpoints.items,
  renewalsDue15: renewalEndpoints.items,
  renewalsDue30: renewalEndpoints.items,
  renewalsStopped: renewalEndpoints.items,
  renewalOrdersPending: renewalEndpoints.list,
};

describe('finance tasks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  const tasksOf = async (roleId: RoleId) => {
    const res = await t.call(financeTaskEndpoints.list, { token: await t.tokenFor(roleId) });
    expect(res.status, res.message).toBe('200');
    return res.data.list;
  };

  it.each([ROLE.finance, ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.companyAdmin])(
    'counts for role %i what the list each task opens holds for the same reader',
    async (roleId) => {
      const tasks = await tasksOf(roleId);
      expect(tasks.length).toBeGreaterThan(0);
      for (const task of tasks) {
        const res = await t.call(LIST_OF[task.task], {
          token: await t.tokenFor(roleId),
          loose: { query: { ...task.query, page: 1, pageSize: 200 } },
        });
        expect(res.status, `${task.task}: ${res.message}`).toBe('200');
        const page = res.data as { total: number; list: unknown[] };
        expect(page.total, task.task).toBe(task.count);
        expect(page.list.length, task.task).toBe(Math.min(task.count, 200));
      }
    },
  );

  it('gives the demo finance and the rental company’s administrator work to do, each in its own scope', async () => {
    const finance = await tasksOf(ROLE.finance);
    const admin = await tasksOf(ROLE.lessorAdmin);
    const count = (list: typeof finance, task: FinanceTask) => list.find((x) => x.task === task)?.count ?? -1;
    for (const list of [finance, admin]) {
      expect(count(list, 'invoicesToIssue')).toBeGreaterThan(0);
      expect(count(list, 'billsOverdue')).toBeGreaterThan(0);
      expect(count(list, 'renewalsDue30')).toBeGreaterThan(0);
    }
    // The operator's finance sees every company's machines, the administrator its own.
    expect(count(finance, 'renewalsDue30')).toBeGreaterThan(count(admin, 'renewalsDue30'));
    // Each opens the page where it is done.
    expect(finance.find((x) => x.task === 'invoicesToIssue')).toMatchObject({
      path: '/financeCenter/invoiceMng',
      query: { state: 'toBeIssued', toIssue: '1' },
    });
    // The operator's administrator reads no bills: no collection task for it; a rental company's staff issue nothing.
    expect((await tasksOf(ROLE.companyAdmin)).map((x) => x.task)).not.toContain('billsOverdue');
    expect((await tasksOf(ROLE.lessorStaff)).map((x) => x.task)).not.toContain('invoicesToIssue');
  });

  it('follows the work: issuing an invoice takes it off the count', async () => {
    const before = (await tasksOf(ROLE.finance)).find((x) => x.task === 'invoicesToIssue')!.count;
    const pending = (await rowOf<{ id: number }>(
      t.dbh.db,
      "SELECT id FROM invoices WHERE state = 'toBeIssued' LIMIT 1",
    ))!;
    await runOf(t.dbh.db, "UPDATE invoices SET state = 'issued' WHERE id = ?", pending.id);
    expect((await tasksOf(ROLE.finance)).find((x) => x.task === 'invoicesToIssue')!.count).toBe(before - 1);
  });

  it('is refused to those who keep no books', async () => {
    for (const roleId of [ROLE.other, ROLE.lessorSales, ROLE.technician, ROLE.distributor]) {
      const res = await t.call(financeTaskEndpoints.list, { token: await t.tokenFor(roleId) });
      expect(res.status).toBe('403');
    }
  });
});
