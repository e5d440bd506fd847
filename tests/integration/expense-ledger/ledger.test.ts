import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { fleetOf } from '../risk/helpers.ts';

/** The fleet's expense ledger (/financeCenter/deviceExpense): the device detail's expenses, across machines. */
describe('expense ledger', () => {
  let t: TestApp;
  let fleet: Awaited<ReturnType<typeof fleetOf>>;
  beforeAll(async () => {
    t = await createTestApp();
    fleet = await fleetOf(t.dbh);
  });
  afterAll(() => t.dbh.close());

  const summary = (token: string, query: object = {}) =>
    t.call(deviceRecordEndpoints.expenseSummary, { token, loose: { query } });
  const list = (token: string, query: object = {}) =>
    t.call(deviceRecordEndpoints.expenses, { token, loose: { query: { pageSize: 200, ...query } } });

  it('totals every machine’s expenses by month and type, the same as the list', async () => {
    const finance = await t.tokenFor(ROLE.finance);
    const all = await summary(finance);
    expect(all.status, all.message).toBe('200');
    // The demo spreads a year of expenses over the fleet.
    expect(all.data.months.length).toBeGreaterThanOrEqual(10);
    expect(all.data.months.map((m) => m.month)).toEqual([...all.data.months.map((m) => m.month)].sort().reverse());
    await expectEvery(all.data.months, (m) => m.all === m.maintenance + m.violation + m.insurance);
    const sum = (key: 'maintenance' | 'all') => all.data.months.reduce((s, m) => s + m[key], 0);
    expect(sum('all')).toBe(all.data.totals.all);
    expect(sum('maintenance')).toBe(all.data.totals.maintenance);
    const listed = await list(finance);
    expect(listed.data.totals).toEqual(all.data.totals);
    // The operator's finance reads every company's, each row naming its owner.
    expect(new Set(listed.data.list.map((r) => r.ownerName)).size).toBeGreaterThan(1);

    // One month, one type: the list under the same filter adds up to the month's figure.
    const month = all.data.months[1]!;
    // Its first and last day (the day after the last is the next month's first).
    const from = `${month.month}-01`;
    const to = addDays(addDays(from, 31).slice(0, 8) + '01', -1);
    const inMonth = await summary(finance, { from, to, type: 'insurance' });
    expect(inMonth.data.months).toEqual([{ ...month, maintenance: 0, violation: 0, all: month.insurance }]);
    const rows = await list(finance, { from, to, type: 'insurance' });
    // The summary adds up one currency's owners (decision 064): the rows in it.
    const inCurrency = rows.data.list.filter((r) => r.money.currency.code === all.data.money.currency.code);
    expect(inCurrency.reduce((s, r) => s + r.amountCents, 0)).toBe(month.insurance);
  });

  it('keeps a company to its own machines, and a record made on a machine shows in its month', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const own = await list(admin);
    await expectEvery(own.data.list, (r) => r.ownerName === own.data.list[0]!.ownerName);
    const byOrg = await summary(await t.tokenFor(ROLE.finance), { orgId: fleet.own });
    expect(byOrg.data.totals).toEqual((await summary(admin)).data.totals);
    // Another company's filter shows the lessor nothing of it.
    expect((await summary(admin, { orgId: fleet.other })).data.totals.all).toBe(0);

    const before = (await summary(admin, { from: '2026-02-01', to: '2026-02-28' })).data.totals;
    const machine = await fleet.machine(fleet.own, false, 0);
    const made = await t.call(deviceRecordEndpoints.createExpense, {
      token: admin,
      body: { deviceId: machine.id, type: 'violation', amountCents: 12_345, date: '2026-02-14' },
    });
    expect(made.status, made.message).toBe('200');
    const after = await summary(admin, { from: '2026-02-01', to: '2026-02-28' });
    expect(after.data.months.find((m) => m.month === '2026-02')?.violation).toBe(before.violation + 12_345);
    const row = (await list(admin, { keyword: machine.serialNumber })).data.list.find((r) => r.id === made.data.id);
    expect(row).toMatchObject({ amountCents: 12_345, type: 'violation', editable: true });

    // Customers and distributors never read what the owner pays.
    for (const role of [ROLE.other, ROLE.distributor]) {
      expect((await summary(await t.tokenFor(role))).status).toBe('403');
    }
  });
});
