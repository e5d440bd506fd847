import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints as api } from '@console/contract/http/lease-billing';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { riskEndpoints } from '@console/contract/http/risk';
import { issueLessorBills } from '@console/db/billing/issue';
import { billLines, bills } from '@console/db/schema/lease-billing';
import { contracts, renters } from '@console/db/schema/lease';
import { voidBill } from '@console/server/src/billing/void-bill';
import { runArrearsLocks } from '@console/server/src/risk/arrears';
import { runSchedulerPass } from '@console/server/src/risk/scheduler';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { arrearsLease, lockCommands } from './arrears-helpers.ts';
import { advanceTo, leaseTwoMachines, withoutSeededBilling, type Leased } from './helpers.ts';

type Bill = typeof bills.$inferSelect;

describe('voiding a bill', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const billsOf = () =>
    t.dbh.db.select().from(bills).where(eq(bills.contractId, lease.contractId)).orderBy(bills.id).all();
  const arrears = async () =>
    (await t.dbh.db.select().from(renters).where(eq(renters.orgId, lease.renterId)).get())!.arrearsCents;
  /** March's and April's bills, both past due on 20 May. */
  const issued = async () => {
    advanceTo(t, lease.on('05-20'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('05-01'));
    return (await billsOf()) as [Bill, Bill];
  };

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    lease = await leaseTwoMachines(f);
  });
  afterEach(() => f.close());

  it('asks for the reason in both languages and lets only the lessor’s administrator void', async () => {
    const [march] = await issued();
    for (const [lang, text] of [
      ['en_US', 'Enter the reason for voiding the bill'],
      ['zh_CN', '请填写账单作废原因'],
    ] as const) {
      const refused = await t.call(api.billVoid, {
        token: await admin(),
        lang,
        loose: { body: { id: march.id, reason: ' ' } },
      });
      expect(refused.data.field).toBe('reason');
      expect(refused.message).toContain(text);
    }
    for (const role of [ROLE.lessorStaff, ROLE.finance, ROLE.other]) {
      const denied = await t.call(api.billVoid, {
        token: await t.tokenFor(role),
        body: { id: march.id, reason: 'wrong' },
      });
      expect(denied.status, `role ${role}`).not.toBe('200');
    }
    expect((await billsOf())[0]!.state).toBe('open');
    // The bill list says who may void.
    const staffList = await t.call(api.billList, { token: await t.tokenFor(ROLE.lessorStaff), query: {} });
    expect(staffList.data.list.every((b) => !b.voidable)).toBe(true);
    const adminList = await t.call(api.billList, { token: await admin(), query: { contractId: lease.contractId } });
    expect(adminList.data.list.map((b) => b.voidable)).toEqual([true, true]);
  });

  it('keeps the voided bill, takes it off the ledger, the arrears and the income, and never bills its days again', async () => {
    const [march, april] = await issued();
    // On 1 May only March's bill is past due.
    expect(await arrears()).toBe(march.amountCents);
    const voided = await t.call(api.billVoid, { token: await admin(), body: { id: march.id, reason: 'Wrong price' } });
    expect(voided.status, voided.message).toBe('200');
    expect(voided.data).toEqual({ id: march.id, reissued: [] });

    const [kept] = await billsOf();
    expect(kept).toMatchObject({
      id: march.id,
      state: 'void',
      voidReason: 'Wrong price',
      amountCents: march.amountCents,
    });
    // Counted on today (20 May), after April's due day: only April is owed.
    expect(await arrears()).toBe(april.amountCents);

    const ledger = await t.call(api.ledger, { token: await admin(), query: { renterId: lease.renterId } });
    expect(ledger.data.list[0]).toMatchObject({
      type: 'billVoid',
      billId: march.id,
      subject: march.number,
      detail: 'Wrong price',
      amountCents: -march.amountCents,
      balanceCents: april.amountCents,
    });

    const detail = await t.call(api.billDetail, { token: await admin(), query: { id: march.id } });
    expect(detail.data.bill).toMatchObject({
      state: 'void',
      unpaidCents: 0,
      voidReason: 'Wrong price',
      voidable: false,
    });
    expect(detail.data.bill.voidedByName).not.toBe('');
    expect(detail.data.lines.length).toBeGreaterThan(0);

    const list = await t.call(api.arrears, { token: await admin(), query: { renterId: lease.renterId } });
    expect(list.data.totals.overdue.map((o) => o.cents)).toEqual([april.amountCents]);
    const status = await t.call(api.contractArrears, { token: await admin(), query: { contractId: lease.contractId } });
    expect(status.data.overdueCents).toBe(april.amountCents);

    const income = await t.call(revenueEndpoints.incomeList, {
      token: await admin(),
      query: { from: lease.on('03-01'), to: lease.on('05-31'), renterId: lease.renterId, pageSize: 100 },
    });
    expect(income.data.list.some((l) => l.billId === march.id)).toBe(false);
    expect(income.data.totals.billedCents).toBe(april.amountCents);

    // Without re-issue the days stay covered by the voided bill: no run bills them again.
    expect((await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('05-01'))).bills).toBe(0);

    const again = await t.call(api.billVoid, { token: await admin(), body: { id: march.id, reason: 'twice' } });
    expect(again.status).not.toBe('200');
    expect(again.message).toBe('This bill has already been voided');
  });

  it('refuses a bill a receipt paid until the receipt is voided', async () => {
    const [march] = await issued();
    const paid = await t.call(api.receiptCreate, {
      token: await admin(),
      body: { renterId: lease.renterId, amountCents: 100_000, method: 'cash', receivedOn: lease.on('05-05') },
    });
    expect(paid.status).toBe('200');
    const refused = await t.call(api.billVoid, { token: await admin(), body: { id: march.id, reason: 'Wrong price' } });
    expect(refused.status).not.toBe('200');
    expect(refused.message).toBe(
      'Receipts have been allocated to this bill: void those receipts first, then void the bill',
    );
    const zh = await t.call(api.billVoid, {
      token: await admin(),
      lang: 'zh_CN',
      body: { id: march.id, reason: 'Wrong price' },
    });
    expect(zh.message).toBe('该账单已有收款核销：请先作废相关收款，再作废账单');
    expect((await billsOf())[0]!.state).toBe('partlyPaid');

    await t.call(api.receiptVoid, { token: await admin(), body: { id: paid.data.id, reason: 'Bounced' } });
    const voided = await t.call(api.billVoid, { token: await admin(), body: { id: march.id, reason: 'Wrong price' } });
    expect(voided.status, voided.message).toBe('200');
    expect((await billsOf())[0]!.state).toBe('void');
  });

  it('re-issues the days of the latest bill on request, and refuses when a later bill charges them', async () => {
    const [march, april] = await issued();
    const early = await t.call(api.billVoid, {
      token: await admin(),
      body: { id: march.id, reason: 'Wrong price', reissue: true },
    });
    expect(early.status).not.toBe('200');
    expect(early.message).toMatch(/later bill/);
    expect((await billsOf())[0]!.state).toBe('open');

    const voided = await t.call(api.billVoid, {
      token: await admin(),
      body: { id: april.id, reason: 'Wrong dates', reissue: true },
    });
    expect(voided.status, voided.message).toBe('200');
    // April's days again, and what else the contract is owed today (the daily machine is still on lease).
    const reissued = (await billsOf()).filter((b) => voided.data.reissued.includes(b.id));
    const fresh = reissued.find((b) => b.periodStart <= april.periodEnd)!;
    expect(reissued.filter((b) => b !== fresh).every((b) => b.periodStart > april.periodEnd)).toBe(true);
    expect(fresh).toMatchObject({
      state: 'open',
      periodStart: april.periodStart,
      periodEnd: april.periodEnd,
      amountCents: april.amountCents,
    });
    const lines = (id: number) => t.dbh.db.select().from(billLines).where(eq(billLines.billId, id)).all();
    // The voided bill keeps its lines as history, given back to billing.
    expect((await lines(april.id)).every((l) => l.released)).toBe(true);
    expect((await lines(fresh.id)).map((l) => [l.fromOn, l.toOn, l.amountCents])).toEqual(
      (await lines(april.id)).map((l) => [l.fromOn, l.toOn, l.amountCents]),
    );
    const ledger = await t.call(api.ledger, {
      token: await admin(),
      query: { renterId: lease.renterId, pageSize: 50 },
    });
    const rows = ledger.data.list.filter((r) => r.billId === april.id || r.billId === fresh.id);
    expect(rows.map((r) => [r.type, r.billId, r.amountCents])).toEqual([
      ['bill', fresh.id, april.amountCents],
      ['billVoid', april.id, -april.amountCents],
      ['bill', april.id, april.amountCents],
    ]);
    // Nothing twice.
    expect((await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('05-01'))).bills).toBe(0);
    expect((await billsOf()).filter((b) => b.periodStart === april.periodStart && b.state !== 'void')).toHaveLength(1);
  });
});

describe('voiding a bill and the arrears lock', () => {
  let f: SigningFixture;
  let t: TestApp;
  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
  });
  afterEach(() => f.close());

  // A receipt pays its renter's bills and a void clears its bill's contract: neither names this contract.
  for (const request of ['a void of another contract', 'a receipt of another renter'] as const) {
    it(`says arrears that cleared beside ${request} were settled, not cleared by it`, async () => {
      const lease = await arrearsLease(f, { overdue: 4, amountCents: 250_000 });
      await runSchedulerPass(t.deps);
      expect((await lockCommands(t, lease.machines)).map(([, , level]) => level)).toEqual(['lock1', 'lock1']);
      // Its bill is no longer owed in the pass the other request runs: it was voided (as a contract change that
      // billed less would leave it) by the bill void itself, before the pass its own request runs after it.
      await voidBill(
        t.dbh.db,
        { id: lease.bill!, reason: 'Billed in error', reissue: false },
        { userId: await t.userId(ROLE.lessorAdmin), mayVoid: (id) => id === lease.lessorId },
        t.deps.now(),
      );
      await runArrearsLocks(t.deps, {
        lessorOrgId: lease.lessorId,
        clearing:
          request === 'a void of another contract'
            ? { by: 'billVoid', contractId: lease.contractId + 1 }
            : { by: 'receipt', renterOrgId: lease.renterId + 1 },
      });
      const unlocks = await t.call(riskEndpoints.records, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        query: { automatic: 1, kind: 'unlock', pageSize: 50 },
      });
      const contract = (await t.dbh.db.select().from(contracts).where(eq(contracts.id, lease.contractId)).get())!;
      expect(unlocks.data.list.map((r: { reason: string }) => r.reason)).toEqual([
        `Arrears of contract ${contract.number} settled`,
        `Arrears of contract ${contract.number} settled`,
      ]);
    });
  }

  it('treats a voided bill as not owed: the machines it locked unlock and no pass locks them again', async () => {
    const lease = await arrearsLease(f, { overdue: 4, amountCents: 250_000 });
    await runSchedulerPass(t.deps);
    expect((await lockCommands(t, lease.machines)).map(([, , level]) => level)).toEqual(['lock1', 'lock1']);
    const voided = await t.call(api.billVoid, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { id: lease.bill!, reason: 'Billed in error' },
    });
    expect(voided.status, voided.message).toBe('200');
    const unlocked = await lockCommands(t, lease.machines);
    expect(unlocked.filter(([, type]) => type === 'unlock')).toHaveLength(2);
    // The risk records say why: the bill was voided (not "cleared by a receipt").
    const unlocks = await t.call(riskEndpoints.records, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { automatic: 1, kind: 'unlock', pageSize: 50 },
    });
    const contract = (await t.dbh.db.select().from(contracts).where(eq(contracts.id, lease.contractId)).get())!;
    expect(unlocks.data.list.map((r: { reason: string }) => r.reason)).toEqual([
      `Arrears of contract ${contract.number} cleared: its overdue bill was voided`,
      `Arrears of contract ${contract.number} cleared: its overdue bill was voided`,
    ]);
    await runSchedulerPass(t.deps);
    expect(await lockCommands(t, lease.machines)).toHaveLength(unlocked.length);
    const status = await t.call(api.contractArrears, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { contractId: lease.contractId },
    });
    expect(status.data).toMatchObject({ overdueCents: 0, daysOverdue: 0, step: -1 });
  });
});
