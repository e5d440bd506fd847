import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo, handOver, todayOf, withoutSeededBilling } from './helpers.ts';
import { leaseWithAllowances, spread, workDays, type AllowanceLease } from './overtime-helpers.ts';

/**
 * The revenue analysis (decision 040) counts the overtime a bill charges (decision 070): the first worked
 * example, 23 at 300.00 a day with 8 h a day at 40.00/h, 1-10 March, 95.0 h measured: 3,000.00 + 600.00 = 3,600.00.
 */
describe('revenue analysis with overtime', () => {
  let f: SigningFixture;
  let t: TestApp;
  let year: number;
  let lease: AllowanceLease;
  const on = (monthDay: string) => `${year}-${monthDay}`;

  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    const today = todayOf(t);
    year = Number(today.slice(0, 4)) + (today < `${today.slice(0, 4)}-03-01` ? 0 : 1);
    [lease] = (await leaseWithAllowances(
      f,
      [{ businessModel: 23, dayCents: 30_000, allowanceTenths: 80, overtimeCents: 4_000 }],
      on('03-01'),
      on('12-31'),
    )) as [AllowanceLease];
    advanceTo(t, on('03-01'));
    await handOver(t, 'entry', lease.contractId, [{ lineId: lease.lineId, deviceId: lease.deviceId }], on('03-01'));
    await workDays(t, lease, spread(on('03-01'), on('03-10'), 95));
    advanceTo(t, on('03-10'));
    // The return issues the machine's last bill, with its overtime.
    await handOver(t, 'exit', lease.contractId, [{ lineId: lease.lineId, deviceId: lease.deviceId }], on('03-10'));
  });
  afterAll(() => f.close());

  it('counts a line’s overtime in its income, the month’s and the machine’s', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const number = (await t.call(leaseContractEndpoints.detail, { token, query: { id: lease.contractId } })).data
      .number;
    const list = await t.call(revenueEndpoints.incomeList, {
      token,
      query: { keyword: number, from: on('03-01'), to: on('03-31') },
    });
    expect(list.status, list.message).toBe('200');
    expect(list.data.list.map((r) => [r.fromOn, r.toOn, r.days, r.amountCents])).toEqual([
      [on('03-01'), on('03-10'), 10, 360_000],
    ]);
    expect(list.data.totals.billedCents).toBe(360_000);
    const summary = await t.call(revenueEndpoints.summary, {
      token,
      query: { from: on('03-01'), to: on('03-31'), renterId: lease.renterId },
    });
    expect(summary.status, summary.message).toBe('200');
    expect(summary.data.machines.find((m) => m.deviceId === lease.deviceId)?.billedCents).toBe(360_000);
    expect(summary.data.months.find((m) => m.month === `${year}-03`)?.billedCents).toBe(360_000);
  });
});
