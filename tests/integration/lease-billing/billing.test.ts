import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints as api } from '@console/contract/http/lease-billing';
import { billLines, bills, ledgerEntries, receipts } from '@console/db/schema/lease-billing';
import { renters } from '@console/db/schema/lease';
import { issueLessorBills } from '@console/db/billing/issue';
import { issueBills } from '@console/server/src/billing/issue';
import { seedLeaseBills } from '@console/db/seed/lease-bills';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { lessorAdmin } from '../../fixtures/lessor-admin.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo, leaseTwoMachines, returnMachines, withoutSeededBilling, type Leased } from './helpers.ts';

/** 17/31 of 6,000.00, rounded once. */
const MARCH_SHARE = Math.round((17 * 600_000) / 31);

describe('lease billing', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  /** A day of the lease's year. */
  const on = (monthDay: string) => lease.on(monthDay);
  const billsOf = () =>
    t.dbh.db.select().from(bills).where(eq(bills.contractId, lease.contractId)).orderBy(bills.id).all();
  const arrears = async () =>
    (await t.dbh.db.select().from(renters).where(eq(renters.orgId, lease.renterId)).get())!.arrearsCents;

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    lease = await leaseTwoMachines(f);
  });
  afterEach(() => f.close());

  it('issues one bill per billing day for the period just ended, priced by each line, and nothing twice', async () => {
    advanceTo(t, on('05-20'));
    const first = await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    expect(first).toEqual({ bills: 2, lines: 4 });
    const [march, april] = await billsOf();
    expect(march).toMatchObject({
      kind: 'cycle',
      periodStart: on('03-01'),
      periodEnd: on('03-31'),
      issuedOn: on('04-01'),
      dueOn: on('04-11'),
      // 17 days at 300.00 and 17/31 of a calendar month.
      amountCents: 17 * 30_000 + MARCH_SHARE,
      state: 'open',
    });
    // April: 30 days at 300.00, and the calendar machine's lease so far (9,290.32) less March: 6,000.00.
    expect(april).toMatchObject({ periodStart: on('04-01'), periodEnd: on('04-30'), amountCents: 900_000 + 600_000 });
    const calendar = await t.dbh.db
      .select()
      .from(billLines)
      .where(eq(billLines.leasePeriodId, lease.periods.calendar))
      .all();
    expect(calendar.reduce((s, l) => s + l.amountCents, 0)).toBe(929_032);

    // The scheduler again the same day, and through the run-now path: nothing new.
    expect(await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'))).toEqual({ bills: 0, lines: 0 });
    expect(await issueLessorBills(t.dbh.db, lease.lessorId, on('05-20'))).toEqual({ bills: 0, lines: 0 });
    expect(await billsOf()).toHaveLength(2);
    // The ledger follows each bill with the renter's balance.
    const ledger = await t.dbh.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.renterOrgId, lease.renterId))
      .all();
    expect(ledger.map((l) => [l.type, l.amountCents, l.balanceCents])).toEqual([
      ['bill', march!.amountCents, march!.amountCents],
      ['bill', april!.amountCents, march!.amountCents + april!.amountCents],
    ]);
  });

  it("bills a machine's last part at its exit and nothing after it", async () => {
    advanceTo(t, on('05-01'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    // The calendar machine came back on 30 April: billed through that day already, its return bills nothing.
    await returnMachines(t, lease, ['calendar'], on('04-30'));
    expect(await billsOf()).toHaveLength(2);
    // The daily machine comes back on 3 May: the exit's confirmation issues its last part.
    advanceTo(t, on('05-03'));
    await returnMachines(t, lease, ['daily'], on('05-03'));
    expect(await billsOf()).toHaveLength(3);
    const exit = (await billsOf()).at(-1)!;
    expect(exit).toMatchObject({
      kind: 'exit',
      periodStart: on('05-01'),
      periodEnd: on('05-03'),
      issuedOn: on('05-03'),
      amountCents: 90_000,
    });
    expect(await t.dbh.db.select().from(billLines).where(eq(billLines.billId, exit.id)).all()).toEqual([
      expect.objectContaining({ leasePeriodId: lease.periods.daily, days: 3 }),
    ]);
    expect(exit.number).toMatch(/-E\d+$/);
    advanceTo(t, on('07-01'));
    expect(await issueLessorBills(t.dbh.db, lease.lessorId, on('07-01'))).toEqual({ bills: 0, lines: 0 });
  });

  it('issues on every lessor’s own day through the scheduler entry, once', async () => {
    advanceTo(t, on('05-01')); // 10:00 in Shanghai
    const now = t.deps.now();
    const first = await issueBills(t.dbh.db, now, { lessorOrgId: lease.lessorId });
    expect(first.bills).toBe(2);
    expect((await issueBills(t.dbh.db, now, { lessorOrgId: lease.lessorId })).bills).toBe(0);
  });

  it('allocates a receipt to the oldest due bills first, keeps the ledger and the arrears, and voids it', async () => {
    advanceTo(t, on('05-20'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    const [march, april] = (await billsOf()) as [typeof bills.$inferSelect, typeof bills.$inferSelect];
    // On 1 May only March's bill is past due.
    expect(await arrears()).toBe(march.amountCents);
    const token = await t.tokenFor(ROLE.lessorStaff);
    const made = await t.call(api.receiptCreate, {
      token,
      body: {
        renterId: lease.renterId,
        amountCents: 1_000_000,
        method: 'transfer',
        receivedOn: on('05-05'),
        reference: 'TX-1',
      },
    });
    expect(made.status).toBe('200');
    expect(made.data.allocations.map((a) => [a.billId, a.amountCents]).sort()).toEqual(
      [
        [march.id, march.amountCents],
        [april.id, 1_000_000 - march.amountCents],
      ].sort(),
    );
    const [paid, partly] = await billsOf();
    expect(paid).toMatchObject({ state: 'paid', paidCents: march.amountCents });
    expect(partly).toMatchObject({ state: 'partlyPaid', paidCents: 1_000_000 - march.amountCents });
    // The receipt counts the arrears on today (20 May), after both due days.
    const owed = march.amountCents + april.amountCents - 1_000_000;
    expect(await arrears()).toBe(owed);

    const ledger = await t.call(api.ledger, { token, query: { renterId: lease.renterId, type: 'receipt' } });
    expect(ledger.data.list).toHaveLength(1);
    expect(ledger.data.list[0]).toMatchObject({ amountCents: -1_000_000, balanceCents: owed, subject: 'TX-1' });

    // Void with a reason: kept, bills open again, ledger adds it back, arrears back.
    const refused = await t.call(api.receiptVoid, { token, loose: { body: { id: made.data.id, reason: ' ' } } });
    expect(refused.data.field).toBe('reason');
    const voided = await t.call(api.receiptVoid, { token, body: { id: made.data.id, reason: 'bounced' } });
    expect(voided.status).toBe('200');
    expect((await billsOf()).map((b) => [b.state, b.paidCents])).toEqual([
      ['open', 0],
      ['open', 0],
    ]);
    expect(await arrears()).toBe(march.amountCents + april.amountCents);
    const again = await t.call(api.receiptVoid, { token, body: { id: made.data.id, reason: 'twice' } });
    expect(again.message).toMatch(/voided|作废/);
    expect(await t.dbh.db.select().from(receipts).where(eq(receipts.id, made.data.id)).get()).toMatchObject({
      voidReason: 'bounced',
    });
    const history = await t.call(api.receiptList, { token, query: { renterId: lease.renterId } });
    expect(history.data.list[0]).toMatchObject({ voided: true, voidReason: 'bounced', voidable: false });
    expect(history.data.list[0]!.allocations.every((a) => a.voided)).toBe(true);
    const last = await t.call(api.ledger, { token, query: { renterId: lease.renterId } });
    expect(last.data.list[0]).toMatchObject({ type: 'receiptVoid', amountCents: 1_000_000, detail: 'bounced' });
    expect(last.data.list[0]!.balanceCents).toBe(march.amountCents + april.amountCents);
  });

  it('allocates each receipt its own whole amount, whatever was allocated before', async () => {
    advanceTo(t, on('05-20'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    const token = await t.tokenFor(ROLE.lessorStaff);
    const body = { renterId: lease.renterId, method: 'transfer' as const, receivedOn: on('05-05') };
    await t.call(api.receiptCreate, { token, body: { ...body, amountCents: 100 } });
    const second = await t.call(api.receiptCreate, { token, body: { ...body, amountCents: 1_000_000 } });
    expect(second.data.allocations.reduce((s, a) => s + a.amountCents, 0)).toBe(1_000_000);
    expect((await billsOf()).reduce((s, b) => s + b.paidCents, 0)).toBe(1_000_100);
  });

  it('pays a new bill with money paid in advance', async () => {
    advanceTo(t, on('03-20'));
    const paid = await t.call(api.receiptCreate, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { renterId: lease.renterId, amountCents: 2_500_000, method: 'cash', receivedOn: on('03-20') },
    });
    expect(paid.status, paid.message).toBe('200');
    advanceTo(t, on('05-01'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    expect((await billsOf()).map((b) => b.state)).toEqual(['paid', 'paid']);
    expect(await arrears()).toBe(0);
  });

  it('lists the arrears per renter and contract with totals, and refuses bad input', async () => {
    advanceTo(t, on('05-20'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const list = await t.call(api.arrears, { token, query: { renterId: lease.renterId } });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ contractId: lease.contractId, bills: 2, oldestDueOn: on('04-11') });
    expect(list.data.list[0]!.daysOverdue).toBeGreaterThan(30);
    expect(list.data.totals).toMatchObject({
      renters: 1,
      contracts: 1,
      overdue: [{ money: { currency: { code: 'CNY' } }, cents: list.data.list[0]!.overdueCents }],
    });
    const tooLate = await t.call(api.arrears, { token, query: { renterId: lease.renterId, minDays: 100000 - 1 } });
    expect(tooLate.status).not.toBe('200');
    const none = await t.call(api.arrears, { token, query: { renterId: lease.renterId, minDays: 9999 } });
    expect(none.data.list).toHaveLength(0);

    const zero = await t.call(api.receiptCreate, {
      token,
      loose: { body: { renterId: lease.renterId, amountCents: 0, method: 'cash', receivedOn: on('05-01') } },
    });
    expect(zero.data.field).toBe('amountCents');
    const future = await t.call(api.receiptCreate, {
      token,
      body: { renterId: lease.renterId, amountCents: 100, method: 'cash', receivedOn: '2999-01-01' },
    });
    expect(future.data.field).toBe('receivedOn');
    const range = await t.call(api.ledger, { token, query: { from: on('05-02'), to: on('05-01') } });
    expect(range.data.field).toBe('to');
    expect(await t.dbh.db.select().from(receipts).all()).toHaveLength(0);
  });

  it('shows the bill with its lines and lets the administrator run a contract now, once', async () => {
    advanceTo(t, on('05-20'));
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const run = await t.call(api.run, { token, body: { contractId: lease.contractId } });
    expect(run.data.bills).toBeGreaterThan(0);
    expect((await t.call(api.run, { token, body: { contractId: lease.contractId } })).data).toEqual({
      bills: 0,
      lines: 0,
    });
    const first = (await billsOf())[0]!;
    const detail = await t.call(api.billDetail, { token, query: { id: first.id } });
    expect(detail.data.lines.map((l) => [l.businessModel, l.days, l.amountCents])).toEqual(
      expect.arrayContaining([
        [23, 17, 17 * 30_000],
        [25, 17, MARCH_SHARE],
      ]),
    );
    const staffRun = await t.call(api.run, {
      token: await t.tokenFor(ROLE.lessorStaff),
      body: { contractId: lease.contractId },
    });
    expect(staffRun.status).toBe('403');
  });

  it('shows a renter its own bills and receipts only, and another lessor nothing', async () => {
    advanceTo(t, on('05-20'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    const mine = await t.call(api.billList, { token: await t.tokenFor(ROLE.other) });
    expect(mine.data.list.map((b) => b.contractId)).toEqual([lease.contractId, lease.contractId]);
    const { token: foreign } = await lessorAdmin(t, 'Northwind Equipment Hire');
    const theirs = await t.call(api.billList, { token: foreign });
    expect(theirs.data.list).toHaveLength(0);
    const detail = await t.call(api.billDetail, { token: foreign, query: { id: (await billsOf())[0]!.id } });
    expect(detail.status).toBe('404');
    const receipt = await t.call(api.receiptCreate, {
      token: foreign,
      body: { renterId: lease.renterId, amountCents: 100, method: 'cash', receivedOn: on('05-01') },
    });
    expect(receipt.data.field).toBe('renterId');
    // The operator's finance records for any lessor; a salesperson is refused.
    const finance = await t.call(api.receiptCreate, {
      token: await t.tokenFor(ROLE.finance),
      body: { renterId: lease.renterId, amountCents: 100, method: 'cash', receivedOn: on('05-01') },
    });
    expect(finance.status).toBe('200');
    const sales = await t.call(api.billList, { token: await t.tokenFor(ROLE.lessorSales) });
    expect(sales.status).toBe('403');
  });

  it("seeds the bills of the seeded periods and the receipts that pay the first renter's months, once", async () => {
    advanceTo(t, on('05-20'));
    await seedLeaseBills(t.dbh.db, t.deps.now());
    const seeded = await billsOf();
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((b) => b.state === 'paid')).toBe(true);
    expect(await arrears()).toBe(0);
    const paidBy = () => t.dbh.db.select().from(receipts).where(eq(receipts.renterOrgId, lease.renterId)).all();
    // One transfer a month, on the day its bills fell due.
    const transfers = await paidBy();
    expect(transfers.length).toBeGreaterThan(0);
    expect(new Set(transfers.map((r) => r.receivedOn.slice(0, 7))).size).toBe(transfers.length);
    await seedLeaseBills(t.dbh.db, t.deps.now());
    expect(await billsOf()).toHaveLength(seeded.length);
    expect(await paidBy()).toHaveLength(transfers.length);
  });
});
