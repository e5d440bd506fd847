import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { chargeEndpoints as api } from '@console/contract/http/charges';
import { billingEndpoints as billing } from '@console/contract/http/lease-billing';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { issueLessorBills } from '@console/db/billing/issue';
import { bills } from '@console/db/schema/lease-billing';
import { renters } from '@console/db/schema/lease';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo, leaseTwoMachines, withoutSeededBilling, type Leased } from '../lease-billing/helpers.ts';

/**
 * Charges beyond rent and credit notes (docs/decisions/074-charges-and-credit-notes.md), through the API as the desk
 * uses them: the price list, a charge on the next bill or at once, cancelling before billing, credit notes within
 * what a bill still asks, and the renter's statement agreeing with the revenue analysis to the cent.
 */
describe('charges and credit notes', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const staff = () => t.tokenFor(ROLE.lessorStaff);
  const billsOf = () =>
    t.dbh.db.select().from(bills).where(eq(bills.contractId, lease.contractId)).orderBy(bills.id).all();
  const arrears = async () =>
    (await t.dbh.db.select().from(renters).where(eq(renters.orgId, lease.renterId)).get())!.arrearsCents;

  /** A delivery price by distance band: up to 10 km 200.00, up to 30 km 450.00; and cleaning at 150.00. */
  const priceList = async () => {
    const delivery = await t.call(api.priceSave, {
      token: await admin(),
      body: {
        kind: 'delivery',
        name: 'Delivery by distance',
        pricing: 'distance',
        bands: [
          { uptoKm: 10, cents: 20_000 },
          { uptoKm: 30, cents: 45_000 },
        ],
      },
    });
    expect(delivery.status, delivery.message).toBe('200');
    const cleaning = await t.call(api.priceSave, {
      token: await admin(),
      body: { kind: 'cleaning', name: 'Cleaning', pricing: 'fixed', cents: 15_000 },
    });
    expect(cleaning.status, cleaning.message).toBe('200');
    return { delivery: delivery.data.id, cleaning: cleaning.data.id };
  };

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    lease = await leaseTwoMachines(f);
  });
  afterEach(() => f.close());

  it('keeps the price list by the administrator, with distance bands for trips only', async () => {
    const refused = await t.call(api.priceSave, {
      token: await admin(),
      lang: 'en_US',
      body: { kind: 'cleaning', name: 'Cleaning', pricing: 'distance', bands: [{ uptoKm: 5, cents: 100 }] },
    });
    expect(refused.status).not.toBe('200');
    expect(refused.message).toContain('Only delivery and collection are priced by distance');
    const unordered = await t.call(api.priceSave, {
      token: await admin(),
      lang: 'zh_CN',
      body: {
        kind: 'delivery',
        name: '送机',
        pricing: 'distance',
        bands: [
          { uptoKm: 30, cents: 100 },
          { uptoKm: 10, cents: 200 },
        ],
      },
    });
    expect(unordered.data.field).toBe('bands');
    expect(unordered.message).toContain('逐档递增');
    for (const role of [ROLE.lessorStaff, ROLE.lessorSales, ROLE.other]) {
      const denied = await t.call(api.priceSave, {
        token: await t.tokenFor(role),
        body: { kind: 'cleaning', name: 'Cleaning', pricing: 'fixed', cents: 100 },
      });
      expect(denied.status, `role ${role}`).not.toBe('200');
    }
    const ids = await priceList();
    const list = await t.call(api.priceList, { token: await staff(), query: { kind: 'delivery' } });
    const delivery = list.data.list.find((p) => p.id === ids.delivery)!;
    expect(delivery).toMatchObject({ pricing: 'distance', editable: false, cents: null });
    expect(delivery.bands).toHaveLength(2);
  });

  it('prices a delivery by its band, carries it on the next bill once, and lists it on the bill', async () => {
    const ids = await priceList();
    const beyond = await t.call(api.create, {
      token: await staff(),
      lang: 'en_US',
      body: { contractId: lease.contractId, kind: 'delivery', priceId: ids.delivery, distanceKm: 31 },
    });
    expect(beyond.data.field).toBe('distanceKm');
    expect(beyond.message).toContain('beyond the furthest band');
    const added = await t.call(api.create, {
      token: await staff(),
      body: { contractId: lease.contractId, kind: 'delivery', priceId: ids.delivery, distanceKm: 18 },
    });
    expect(added.status, added.message).toBe('200');
    expect(added.data).toMatchObject({ amountCents: 45_000, billId: null });
    const pending = await t.call(api.list, { token: await admin(), query: { contractId: lease.contractId } });
    expect(pending.data.list[0]).toMatchObject({ state: 'pending', movable: true, priceName: 'Delivery by distance' });

    advanceTo(t, lease.on('04-02'));
    expect((await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('04-01'))).bills).toBe(1);
    const [march] = await billsOf();
    const detail = await t.call(billing.billDetail, { token: await admin(), query: { id: march!.id } });
    const rent = detail.data.lines.reduce((s, l) => s + l.amountCents, 0);
    expect(march!.amountCents).toBe(rent + 45_000);
    // A second pass bills nothing and carries nothing again.
    expect((await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('04-01'))).bills).toBe(0);
    const extras = await t.call(api.billExtras, { token: await admin(), query: { id: march!.id } });
    expect(extras.data.charges.map((c) => [c.id, c.state, c.amountCents])).toEqual([[added.data.id, 'billed', 45_000]]);
    expect(extras.data).toMatchObject({ issuedCents: march!.amountCents, creditedCents: 0, mayCredit: true });

    // April's bill carries nothing: the charge was billed once.
    advanceTo(t, lease.on('05-02'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('05-01'));
    const april = (await billsOf())[1]!;
    const aprilExtras = await t.call(api.billExtras, { token: await admin(), query: { id: april.id } });
    expect(aprilExtras.data.charges).toEqual([]);

    // A billed charge is not cancelled: a credit note corrects its bill.
    const cancel = await t.call(api.cancel, {
      token: await admin(),
      lang: 'en_US',
      body: { id: added.data.id, reason: 'Wrong distance' },
    });
    expect(cancel.status).not.toBe('200');
    expect(cancel.message).toContain('corrected by a credit note');
    const again = await t.call(api.billNow, { token: await admin(), body: { id: added.data.id } });
    expect(again.status).not.toBe('200');
  });

  it('bills a charge at once on a bill of its own, and cancels a pending one with a reason', async () => {
    const noReason = await t.call(api.create, {
      token: await staff(),
      lang: 'en_US',
      body: { contractId: lease.contractId, kind: 'damage', amountCents: 80_000 },
    });
    expect(noReason.data.field).toBe('reason');
    const damage = await t.call(api.create, {
      token: await staff(),
      body: {
        contractId: lease.contractId,
        kind: 'damage',
        amountCents: 80_000,
        reason: 'Cracked guard rail',
        deviceId: lease.machines.daily,
        billing: 'now',
      },
    });
    expect(damage.status, damage.message).toBe('200');
    const own = (await billsOf()).find((b) => b.id === damage.data.billId)!;
    expect(own).toMatchObject({ kind: 'charge', amountCents: 80_000, state: 'open' });
    expect(own.number).toMatch(/-C\d+$/);
    const ledger = await t.call(billing.ledger, { token: await admin(), query: { renterId: lease.renterId } });
    expect(ledger.data.list[0]).toMatchObject({ type: 'bill', billId: own.id, amountCents: 80_000 });
    // Past its due day it is owed like any bill.
    advanceTo(t, lease.on('04-20'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('04-20'));
    const march = (await billsOf()).find((b) => b.kind === 'cycle')!;
    expect(await arrears()).toBe(80_000 + march.amountCents);

    const fuel = await t.call(api.create, {
      token: await staff(),
      body: { contractId: lease.contractId, kind: 'fuel', amountCents: 3_000, reason: 'Refuelled at the return' },
    });
    const cancelled = await t.call(api.cancel, {
      token: await staff(),
      body: { id: fuel.data.id, reason: 'Renter refuelled' },
    });
    expect(cancelled.status, cancelled.message).toBe('200');
    const listed = await t.call(api.list, { token: await admin(), query: { contractId: lease.contractId } });
    expect(listed.data.list.find((c) => c.id === fuel.data.id)).toMatchObject({
      state: 'cancelled',
      cancelReason: 'Renter refuelled',
      movable: false,
    });
    advanceTo(t, lease.on('05-02'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('05-01'));
    const april = (await billsOf()).filter((b) => b.kind === 'cycle')[1]!;
    const aprilExtras = await t.call(api.billExtras, { token: await admin(), query: { id: april.id } });
    expect(aprilExtras.data.charges).toEqual([]);
  });

  it('lets only the company’s administrator and staff charge; the renter reads its charges', async () => {
    for (const role of [ROLE.lessorSales, ROLE.finance, ROLE.other]) {
      const denied = await t.call(api.create, {
        token: await t.tokenFor(role),
        body: { contractId: lease.contractId, kind: 'other', amountCents: 100, reason: 'x' },
      });
      expect(denied.status, `role ${role}`).not.toBe('200');
    }
    const other = await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account);
    const foreign = await t.call(api.create, {
      token: other,
      body: { contractId: lease.contractId, kind: 'other', amountCents: 100, reason: 'x' },
    });
    expect(foreign.status).not.toBe('200');
    const made = await t.call(api.create, {
      token: await admin(),
      body: { contractId: lease.contractId, kind: 'accessory', amountCents: 5_000, reason: 'Harness hire' },
    });
    expect(made.status, made.message).toBe('200');
    const seenByOther = await t.call(api.list, { token: other, query: { contractId: lease.contractId } });
    expect(seenByOther.data.list).toEqual([]);
    const cancelByOther = await t.call(api.cancel, { token: other, body: { id: made.data.id, reason: 'x' } });
    expect(cancelByOther.status).not.toBe('200');
    const renter = await t.call(api.list, { token: await t.tokenFor(ROLE.other), query: {} });
    expect(renter.data.list.find((c) => c.id === made.data.id)).toMatchObject({ movable: false, amountCents: 5_000 });
  });

  it('credits a bill at most what it still asks, keeps the bill, and lowers the arrears and the income', async () => {
    advanceTo(t, lease.on('05-20'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('05-01'));
    const [march, april] = await billsOf();
    expect(await arrears()).toBe(march!.amountCents);
    const beyond = await t.call(api.creditCreate, {
      token: await admin(),
      lang: 'en_US',
      body: {
        billId: march!.id,
        reason: 'Too much',
        lines: [{ description: 'Everything and more', amountCents: march!.amountCents + 1 }],
      },
    });
    expect(beyond.status).not.toBe('200');
    expect(beyond.message).toContain("more than the bill's remaining amount");
    for (const role of [ROLE.lessorStaff, ROLE.finance, ROLE.other]) {
      const denied = await t.call(api.creditCreate, {
        token: await t.tokenFor(role),
        body: { billId: march!.id, reason: 'x', lines: [{ description: 'x', amountCents: 100 }] },
      });
      expect(denied.status, `role ${role}`).not.toBe('200');
    }
    const noLines = await t.call(api.creditCreate, {
      token: await admin(),
      body: { billId: march!.id, reason: 'x', lines: [] },
    });
    expect(noLines.data.field).toBe('lines');

    // A receipt pays 1,000.00 of March: the credit may take the rest, no more.
    const paid = await t.call(billing.receiptCreate, {
      token: await admin(),
      body: { renterId: lease.renterId, amountCents: 100_000, method: 'cash', receivedOn: lease.on('05-20') },
    });
    expect(paid.status).toBe('200');
    const rest = march!.amountCents - 100_000;
    const overPaid = await t.call(api.creditCreate, {
      token: await admin(),
      body: { billId: march!.id, reason: 'x', lines: [{ description: 'x', amountCents: rest + 1 }] },
    });
    expect(overPaid.status).not.toBe('200');
    const note = await t.call(api.creditCreate, {
      token: await admin(),
      body: {
        billId: march!.id,
        reason: 'Machine stood idle for a breakdown',
        lines: [
          { description: 'Three idle days', amountCents: 90_000 },
          { description: 'Goodwill', amountCents: 10_000 },
        ],
      },
    });
    expect(note.status, note.message).toBe('200');
    expect(note.data.number).toMatch(/^CN\d{14}$/);
    expect(note.data.billAmountCents).toBe(march!.amountCents - 100_000);
    const after = (await billsOf())[0]!;
    expect(after).toMatchObject({ id: march!.id, number: march!.number, amountCents: march!.amountCents - 100_000 });
    // Counted on today (20 May): April is past due too; March owes 1,000.00 less paid and 1,000.00 less credited.
    expect(await arrears()).toBe(march!.amountCents + april!.amountCents - 200_000);
    const extras = await t.call(api.billExtras, { token: await admin(), query: { id: march!.id } });
    expect(extras.data).toMatchObject({
      issuedCents: march!.amountCents,
      creditedCents: 100_000,
      creditableCents: march!.amountCents - 200_000,
    });
    expect(extras.data.creditNotes[0]!.lines).toHaveLength(2);

    // The renter's statement (the bill record) and the revenue analysis agree to the cent.
    const ledger = await t.call(billing.ledger, {
      token: await admin(),
      query: { renterId: lease.renterId, pageSize: 200 },
    });
    expect(ledger.data.list[0]).toMatchObject({ type: 'creditNote', amountCents: -100_000, subject: note.data.number });
    const billed = ledger.data.list
      .filter((r) => ['bill', 'billVoid', 'creditNote'].includes(r.type))
      .reduce((s, r) => s + r.amountCents, 0);
    const income = await t.call(revenueEndpoints.incomeList, {
      token: await admin(),
      query: { from: lease.on('03-01'), to: lease.on('05-31'), renterId: lease.renterId, pageSize: 200 },
    });
    expect(income.data.totals.billedCents).toBe(billed);
    expect(billed).toBe(march!.amountCents + april!.amountCents - 100_000);
    const summary = await t.call(revenueEndpoints.summary, {
      token: await admin(),
      query: { from: lease.on('03-01'), to: lease.on('05-31'), renterId: lease.renterId },
    });
    expect(summary.data.totals.billedCents).toBe(billed);
    expect(summary.data.totals.machines).toBe(2);

    // The credit notes' list finds it, with its total; the renter reads it too.
    const list = await t.call(api.creditList, { token: await t.tokenFor(ROLE.other), query: { keyword: 'idle' } });
    expect(list.data.list.map((n) => n.id)).toEqual([note.data.id]);
    expect(list.data.totals.map((x) => x.cents)).toEqual([100_000]);
  });

  it('counts charges in the revenue with their bill, and a voided bill’s charge goes to the next bill', async () => {
    const ids = await priceList();
    await t.call(api.create, {
      token: await staff(),
      body: { contractId: lease.contractId, kind: 'cleaning', priceId: ids.cleaning, quantity: 2 },
    });
    advanceTo(t, lease.on('04-10'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('04-01'));
    const [march] = await billsOf();
    const voided = await t.call(billing.billVoid, {
      token: await admin(),
      body: { id: march!.id, reason: 'Wrong site', reissue: true },
    });
    expect(voided.status, voided.message).toBe('200');
    const reissued = voided.data.reissued[0]!;
    const extras = await t.call(api.billExtras, { token: await admin(), query: { id: reissued } });
    expect(extras.data.charges.map((c) => c.amountCents)).toEqual([30_000]);
    const voidExtras = await t.call(api.billExtras, { token: await admin(), query: { id: march!.id } });
    expect(voidExtras.data).toMatchObject({ charges: [], mayCredit: false, creditableCents: 0 });
    const income = await t.call(revenueEndpoints.incomeList, {
      token: await admin(),
      query: { from: lease.on('03-01'), to: lease.on('04-30'), renterId: lease.renterId, pageSize: 200 },
    });
    const now = (await billsOf()).find((b) => b.id === reissued)!;
    expect(income.data.totals.billedCents).toBe(now.amountCents);
    expect(income.data.list.filter((r) => r.days === 0).map((r) => r.amountCents)).toEqual([30_000]);
  });
});
