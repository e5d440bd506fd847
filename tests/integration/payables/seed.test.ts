import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { payableEndpoints as api, type PayableRow } from '@console/contract/http/payables';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { issuePayables } from '@console/server/src/payables/issue';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const CJK = /[\u4e00-\u9fff]/;

/**
 * The demo's payables (db/seed/payables.ts), as each brand's company administrator and the operator's finance read
 * them: a year of months (sub-leases in stock since January), paid, part paid, overdue and voided ones, in the
 * company's language.
 */
describe('seeded payables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  const listOf = async (token: string) => (await t.call(api.list, { token, query: { pageSize: 200 } })).data;
  const northwind = async () =>
    (
      await t.call(authEndpoints.login, {
        query: { ...globalDemoAccount(ROLE.lessorAdmin), password: DEMO_PASSWORD },
      })
    ).data.token as string;
  const monthsOf = (rows: PayableRow[]) => new Set(rows.map((p) => p.month));

  it.each([
    ['the Chinese brand', () => t.tokenFor(ROLE.lessorAdmin), true],
    ['the global brand', northwind, false],
  ] as const)('owes %s a year of months in every state, in its language', async (_, tokenOf, chinese) => {
    const token = await tokenOf();
    const { list, total } = await listOf(token);
    expect(total).toBe(list.length);
    // Months from January to the month just over: the year.
    expect(monthsOf(list).size).toBeGreaterThanOrEqual(10);
    expect([...new Set(list.map((p) => p.state))].sort()).toEqual(['open', 'paid', 'partlyPaid', 'void']);
    const overdue = list.filter((p) => p.overdue);
    expect(overdue.length).toBeGreaterThanOrEqual(2);
    // One overdue month after a payment entered with the wrong amount and voided; one part paid long ago.
    const details = await Promise.all(overdue.map((p) => t.call(api.detail, { token, query: { id: p.id } })));
    const voidedPayment = details.find((d) => d.data.payments.map((p) => p.state).join() === 'void');
    expect(voidedPayment).toBeDefined();
    expect(CJK.test(voidedPayment!.data.payments[0]!.voidReason)).toBe(chinese);
    expect(overdue.some((p) => p.state === 'partlyPaid' && p.paidCents > 0 && p.outstandingCents > 0)).toBe(true);
    // A voided month: waived by the sub-lessor, with its reason in the company's language; it counts in no total.
    const waived = list.find((p) => p.state === 'void')!;
    const detail = await t.call(api.detail, { token, query: { id: waived.id } });
    expect(detail.data.payments).toEqual([]);
    expect(JSON.stringify(detail.data)).toMatch(chinese ? /免收/ : /waived/);
    expect(waived.outstandingCents).toBe(0);
  });

  it('reads every company’s for the operator’s finance, each in its own currency, as the pass would write them', async () => {
    const all = await t.call(api.list, { token: await t.tokenFor(ROLE.finance), query: { pageSize: 1 } });
    expect(all.data.totals.amount.map((x) => x.money.currency.code).sort()).toEqual(['AUD', 'CNY']);
    // The scheduler's pass finds nothing more to issue: the seed wrote what it writes.
    expect((await issuePayables(t.dbh.db, t.deps.now())).payables).toBe(0);
  });
});
