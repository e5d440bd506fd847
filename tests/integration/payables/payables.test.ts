import { CNY } from '@console/contract/codes/money';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { payableEndpoints as api } from '@console/contract/http/payables';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { devices } from '@console/db/schema/devices';
import { contractLines } from '@console/db/schema/lease';
import { sublessors } from '@console/db/schema/lease-sublease';
import { createDraft } from '@console/server/src/lease/drafts';
import { approve, submit } from '@console/server/src/lease/review';
import { issueBills } from '@console/server/src/billing/issue';
import { runPayablePass } from '@console/server/src/payables/scheduler';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { demoUser, storeOf } from '../lease/helpers.ts';
import { advanceTo, handOver, orgOf, todayOf, withoutSeededBilling } from '../lease-billing/helpers.ts';

/**
 * What the company owes its sub-lessors (docs/decisions/079-sublessor-payables.md), through the endpoints and the
 * scheduler's pass: a payable per sub-lease and month on the company's day, payments and their voids, the states,
 * who reads and writes, and the margin of a machine rented in in the revenue analysis.
 */
describe('sub-lessor payables', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lessorId: number;
  let sublessorId: number;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const modelOf = async (orgId: number) =>
    (await t.dbh.db.select({ id: devices.modelId }).from(devices).where(eq(devices.orgId, orgId)).get())!.id;

  /** Rent one machine in from the demo sub-lessor at 100.00 a day, as the company's administrator does. */
  const rentIn = async (serialNumber: string, days: { startOn: string; endOn: string }) => {
    const made = await t.call(subleaseEndpoints.subleaseCreate, {
      token: await admin(),
      body: {
        sublessorId,
        ...days,
        businessModel: 23,
        dayCents: 10_000,
        storeId: await storeOf(t, lessorId),
        machines: [{ serialNumber, deviceName: '租入剪叉', modelId: await modelOf(lessorId) }],
      },
    });
    expect(made.status, made.message).toBe('200');
    return made.data.list[0]!;
  };
  const listOf = async (subleaseId: number, token?: string) =>
    t.call(api.list, {
      token: token ?? (await admin()),
      query: { subleaseId, pageSize: 50, sortField: 'month', sortOrder: 'ascend' },
    });

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    lessorId = await orgOf(t, ROLE.lessorAdmin);
    sublessorId = (await t.dbh.db.select().from(sublessors).where(eq(sublessors.lessorOrgId, lessorId)).get())!.orgId;
  });
  afterEach(() => f.close());

  it('issues a payable per month once the month is over on the company’s day, and never twice', async () => {
    const today = todayOf(t);
    const year = Number(today.slice(0, 4)) + 1;
    // 20 January to 10 March of next year at 100.00 a day: January 12 days, February 28 or 29, March 10.
    const s = await rentIn('PAY-TEST-0001', { startOn: `${year}-01-20`, endOn: `${year}-03-10` });
    await runPayablePass(t.deps);
    expect((await listOf(s.id)).data.total).toBe(0);

    // 31 January, 23:00 in Beijing: January is not over for the company yet.
    advanceTo(t, `${year}-01-31`, 15);
    await runPayablePass(t.deps);
    expect((await listOf(s.id)).data.total).toBe(0);
    // 1 February, 01:00 in Beijing: it is.
    t.advance(2 * 3600_000);
    await runPayablePass(t.deps);
    await runPayablePass(t.deps);
    const january = await listOf(s.id);
    expect(
      january.data.list.map((p) => [p.month, p.fromOn, p.toOn, p.amountCents, p.state, p.issuedOn, p.dueOn]),
    ).toEqual([[`${year}-01`, `${year}-01-20`, `${year}-01-31`, 120_000, 'open', `${year}-02-01`, `${year}-02-15`]]);
    const { number, subleaseNumber } = january.data.list[0]!;
    expect(subleaseNumber).toMatch(/^ZL-\d{8}-\d{4}$/);
    expect(number).toBe(`YF-${subleaseNumber}-${year}01`);
    expect(january.data.list[0]!.money.currency.code).toBe('CNY');

    // After its last day, February and the last ten days of March; a second pass issues nothing more.
    advanceTo(t, `${year}-03-11`);
    await runPayablePass(t.deps);
    await runPayablePass(t.deps);
    const all = await listOf(s.id);
    const february = new Date(Date.UTC(year, 2, 0)).getUTCDate();
    expect(all.data.list.map((p) => [p.month, p.amountCents])).toEqual([
      [`${year}-01`, 120_000],
      [`${year}-02`, february * 10_000],
      [`${year}-03`, 100_000],
    ]);
    // The months add up to the sub-lease's cost.
    expect(all.data.totals.amount).toEqual([{ money: expect.anything(), cents: (22 + february) * 10_000 }]);
  });

  it('records payments and their voids, keeps the state, and refuses what is not owed', async () => {
    const s = await rentIn('PAY-TEST-0002', { startOn: '2024-01-15', endOn: '2024-02-14' });
    await runPayablePass(t.deps);
    const [january, february] = (await listOf(s.id)).data.list;
    expect([january!.amountCents, february!.amountCents]).toEqual([170_000, 140_000]);
    const token = await admin();
    const pay = (body: { payableId: number; amountCents?: number; paidOn?: string; reference?: string }) =>
      t.call(api.pay, {
        token,
        body: {
          amountCents: 50_000,
          paidOn: '2024-02-20',
          method: 'transfer' as const,
          reference: 'TRF-1',
          note: '',
          ...body,
        },
      });

    const first = await pay({ payableId: january!.id });
    expect(first.status, first.message).toBe('200');
    let detail = await t.call(api.detail, { token, query: { id: january!.id } });
    expect(detail.data.payable).toMatchObject({ state: 'partlyPaid', paidCents: 50_000, outstandingCents: 120_000 });
    expect(detail.data.mayWrite).toBe(true);

    // More than it owes, a day after today, no method: refused on the field, nothing written.
    const over = await pay({ payableId: january!.id, amountCents: 120_001 });
    expect([over.status, over.data]).toMatchObject(['400', { field: 'amountCents' }]);
    const future = await pay({ payableId: january!.id, paidOn: `${Number(todayOf(t).slice(0, 4)) + 1}-01-01` });
    expect([future.status, future.data]).toMatchObject(['400', { field: 'paidOn' }]);
    const zh = await t.call(api.pay, {
      token,
      lang: 'zh_CN',
      body: { payableId: january!.id, amountCents: 0, paidOn: '2024-02-20', method: 'transfer' },
    });
    expect(zh.status).toBe('400');
    expect(zh.message).toContain('请输入大于 0 的金额');

    const rest = await pay({ payableId: january!.id, amountCents: 120_000, reference: 'TRF-2' });
    expect(rest.status).toBe('200');
    detail = await t.call(api.detail, { token, query: { id: january!.id } });
    expect(detail.data.payable).toMatchObject({ state: 'paid', paidCents: 170_000, outstandingCents: 0 });
    expect((await pay({ payableId: january!.id, amountCents: 1 })).status).toBe('409');

    // A payment voided with its reason: its money is owed again.
    const voided = await t.call(api.voidPayment, {
      token,
      body: { paymentId: detail.data.payments[0]!.id, reason: 'Entered against the wrong month' },
    });
    expect(voided.status).toBe('200');
    detail = await t.call(api.detail, { token, query: { id: january!.id } });
    expect(detail.data.payable).toMatchObject({ state: 'partlyPaid', paidCents: 120_000, outstandingCents: 50_000 });
    expect(detail.data.payments.map((p) => [p.amountCents, p.state, p.voidReason, p.reference])).toEqual([
      [50_000, 'void', 'Entered against the wrong month', 'TRF-1'],
      [120_000, 'live', '', 'TRF-2'],
    ]);
    expect(
      (await t.call(api.voidPayment, { token, body: { paymentId: detail.data.payments[0]!.id, reason: 'again' } }))
        .status,
    ).toBe('409');
    // Nothing voids a payable with payments; one without is voided with its reason and takes nothing more.
    expect((await t.call(api.void, { token, body: { payableId: january!.id, reason: 'x' } })).status).toBe('409');
    const noReason = await t.call(api.void, { token, body: { payableId: february!.id, reason: ' ' } });
    expect([noReason.status, noReason.data]).toMatchObject(['400', { field: 'reason' }]);
    expect(
      (await t.call(api.void, { token, body: { payableId: february!.id, reason: 'Waived by the sub-lessor' } })).status,
    ).toBe('200');
    const february2 = await t.call(api.detail, { token, query: { id: february!.id } });
    expect(february2.data).toMatchObject({
      voidReason: 'Waived by the sub-lessor',
      payable: { state: 'void', outstandingCents: 0 },
    });
    expect((await pay({ payableId: february!.id })).status).toBe('409');
    // A void payable is never issued again.
    await runPayablePass(t.deps);
    expect((await listOf(s.id)).data.list.map((p) => p.state)).toEqual(['partlyPaid', 'void']);

    // Filters and totals: the void one is left out of the totals.
    const list = await listOf(s.id);
    expect(list.data.totals.amount[0]!.cents).toBe(170_000);
    expect(list.data.totals.paid[0]!.cents).toBe(120_000);
    expect(list.data.totals.outstanding[0]!.cents).toBe(50_000);
    const overdue = await t.call(api.list, { token, query: { subleaseId: s.id, overdue: '1' } });
    expect(overdue.data.list.map((p) => [p.id, p.overdue])).toEqual([[january!.id, true]]);
    const byMonth = await t.call(api.list, {
      token,
      query: { subleaseId: s.id, fromMonth: '2024-02', toMonth: '2024-02' },
    });
    expect(byMonth.data.list.map((p) => p.id)).toEqual([february!.id]);
    const byKeyword = await t.call(api.list, { token, query: { keyword: 'PAY-TEST-0002' } });
    expect(byKeyword.data.total).toBe(2);
  });

  it('is written by the company’s administrator and staff, read by the operator’s finance, hidden from others', async () => {
    const s = await rentIn('PAY-TEST-0003', { startOn: '2024-01-15', endOn: '2024-01-31' });
    await runPayablePass(t.deps);
    const [payable] = (await listOf(s.id)).data.list;
    const body = { payableId: payable!.id, amountCents: 10_000, paidOn: '2024-02-01', method: 'cash' as const };
    const staff = await t.tokenFor(ROLE.lessorStaff);
    expect((await t.call(api.pay, { token: staff, body })).status).toBe('200');

    const finance = await t.tokenFor(ROLE.finance);
    const read = await t.call(api.detail, { token: finance, query: { id: payable!.id } });
    expect(read.status).toBe('200');
    expect(read.data.mayWrite).toBe(false);
    expect((await listOf(s.id, finance)).data.total).toBe(1);
    expect((await t.call(api.pay, { token: finance, body })).status).toBe('403');
    for (const role of [ROLE.lessorSales, ROLE.other]) {
      const token = await t.tokenFor(role);
      expect((await t.call(api.list, { token })).status).toBe('403');
      expect((await t.call(api.pay, { token, body })).status).toBe('403');
    }
  });

  it('shows the margin of a machine rented in beside its income in the revenue analysis', async () => {
    await withoutSeededBilling(t);
    const today = todayOf(t);
    const year = Number(today.slice(0, 4)) + (today < `${today.slice(0, 4)}-03-15` ? 0 : 1);
    const on = (monthDay: string) => `${year}-${monthDay}`;
    // Rented in from 1 March at 100.00 a day, leased out from 15 March at 300.00 a day.
    const s = await rentIn('PAY-TEST-0004', { startOn: on('03-01'), endOn: on('12-31') });
    const adminUser = await demoUser(t, ROLE.lessorAdmin);
    const { db } = t.dbh;
    const { id } = await createDraft(
      db,
      adminUser,
      {
        renterId: await orgOf(t, ROLE.other),
        storeId: await storeOf(t, lessorId),
        salespersonId: null,
        startOn: on('03-15'),
        endOn: on('12-31'),
        siteAddress: '张江路1号',
        billingDay: 1,
        dueDays: 10,
        lines: [{ deviceId: s.deviceId, businessModel: 23, dayCents: 30_000 }],
      },
      t.deps.now(),
    );
    if ((await submit(db, adminUser, id, t.deps.now(), CNY)).status === LEASE_STATUS.pendingReview) {
      await approve(db, adminUser, id, t.deps.now());
    }
    await f.sign(id);
    const line = (await db
      .select()
      .from(contractLines)
      .where(and(eq(contractLines.contractId, id), eq(contractLines.deviceId, s.deviceId)))
      .get())!;
    advanceTo(t, on('03-15'));
    await handOver(t, 'entry', id, [{ lineId: line.id, deviceId: s.deviceId }], on('03-15'));
    advanceTo(t, on('04-02'));
    await issueBills(db, t.deps.now(), { lessorOrgId: lessorId });
    await runPayablePass(t.deps);

    // March: billed 17 days at 300.00, owed 31 days at 100.00.
    const summary = await t.call(revenueEndpoints.summary, {
      token: await admin(),
      query: { from: on('03-01'), to: on('03-31') },
    });
    expect(summary.status, summary.message).toBe('200');
    const machine = summary.data.machines.find((m) => m.deviceId === s.deviceId)!;
    expect(machine).toMatchObject({ billedCents: 510_000, payableCents: 310_000, marginCents: 200_000 });
    expect(summary.data.totals.subleaseCents).toBeGreaterThanOrEqual(310_000);
    // A machine of the company's own has no margin to show.
    expect(
      summary.data.machines.filter((m) => m.deviceId !== s.deviceId).every((m) => m.marginCents === undefined),
    ).toBe(true);
  });
});
