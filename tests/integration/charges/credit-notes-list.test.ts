import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { chargeEndpoints as api } from '@console/contract/http/charges';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { issueLessorBills } from '@console/db/billing/issue';
import { bills } from '@console/db/schema/lease-billing';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo, leaseTwoMachines, withoutSeededBilling, type Leased } from '../lease-billing/helpers.ts';

/**
 * The credit notes' list (/leaseCenter/creditNotes; docs/decisions/074-charges-and-credit-notes.md) through HTTP:
 * notes issued on a lease's bills, listed newest first a page at a time, filtered by renter, issue days and number,
 * each with its bill; seen by the company's people, the operator's finance and the renter, never by another company.
 */
describe('credit notes list', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const billsOf = () =>
    t.dbh.db.select().from(bills).where(eq(bills.contractId, lease.contractId)).orderBy(bills.id).all();

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    lease = await leaseTwoMachines(f);
  });
  afterEach(() => f.close());

  /** March's bill credited on 10 April, April's on 20 May: two notes a month apart. */
  async function twoNotes() {
    advanceTo(t, lease.on('04-10'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('04-01'));
    const [march] = await billsOf();
    const first = await t.call(api.creditCreate, {
      token: await admin(),
      body: {
        billId: march!.id,
        reason: 'Machine stood idle for a breakdown',
        lines: [{ description: 'Two idle days', amountCents: 40_000 }],
      },
    });
    expect(first.status, first.message).toBe('200');
    advanceTo(t, lease.on('05-20'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('05-01'));
    const april = (await billsOf())[1]!;
    const second = await t.call(api.creditCreate, {
      token: await admin(),
      body: {
        billId: april.id,
        reason: 'Goodwill after a late delivery',
        lines: [
          { description: 'Late delivery', amountCents: 15_000 },
          { description: 'Goodwill', amountCents: 5_000 },
        ],
      },
    });
    expect(second.status, second.message).toBe('200');
    return { march: march!, april, first: first.data, second: second.data };
  }

  it('lists the notes newest first with their bills, a page at a time, with the total credited', async () => {
    const n = await twoNotes();
    const all = await t.call(api.creditList, { token: await admin(), query: { renterId: lease.renterId } });
    expect(all.status, all.message).toBe('200');
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((x) => x.number)).toEqual([n.second.number, n.first.number]);
    expect(all.data.list[0]).toMatchObject({
      billId: n.april.id,
      billNumber: n.april.number,
      renterId: lease.renterId,
      issuedOn: lease.on('05-20'),
      amountCents: 20_000,
      reason: 'Goodwill after a late delivery',
      lines: [
        { description: 'Late delivery', amountCents: 15_000 },
        { description: 'Goodwill', amountCents: 5_000 },
      ],
    });
    expect(all.data.list[1]).toMatchObject({ billId: n.march.id, issuedOn: lease.on('04-10'), amountCents: 40_000 });
    expect(all.data.totals.map((x) => x.cents)).toEqual([60_000]);

    const first = await t.call(api.creditList, {
      token: await admin(),
      query: { renterId: lease.renterId, page: 1, pageSize: 1 },
    });
    expect(first.data).toMatchObject({ total: 2 });
    expect(first.data.list.map((x) => x.id)).toEqual([n.second.id]);
    const second = await t.call(api.creditList, {
      token: await admin(),
      query: { renterId: lease.renterId, page: 2, pageSize: 1 },
    });
    expect(second.data.list.map((x) => x.id)).toEqual([n.first.id]);
  });

  it('filters by issue days, by number and by renter', async () => {
    const n = await twoNotes();
    const april = await t.call(api.creditList, {
      token: await admin(),
      query: { renterId: lease.renterId, from: lease.on('04-01'), to: lease.on('04-30') },
    });
    expect(april.data.list.map((x) => x.id)).toEqual([n.first.id]);
    expect(april.data.totals.map((x) => x.cents)).toEqual([40_000]);
    const fromMay = await t.call(api.creditList, {
      token: await admin(),
      query: { renterId: lease.renterId, from: lease.on('05-20') },
    });
    expect(fromMay.data.list.map((x) => x.id)).toEqual([n.second.id]);
    const upToApril = await t.call(api.creditList, {
      token: await admin(),
      query: { renterId: lease.renterId, to: lease.on('05-19') },
    });
    expect(upToApril.data.list.map((x) => x.id)).toEqual([n.first.id]);
    const backwards = await t.call(api.creditList, {
      token: await admin(),
      query: { from: lease.on('05-01'), to: lease.on('04-01') },
    });
    expect(backwards).toMatchObject({ status: '400', data: { field: 'to' } });

    const byNumber = await t.call(api.creditList, { token: await admin(), query: { keyword: n.first.number } });
    expect(byNumber.data.list.map((x) => x.id)).toEqual([n.first.id]);
    const byBill = await t.call(api.creditList, { token: await admin(), query: { keyword: n.april.number } });
    expect(byBill.data.list.map((x) => x.id)).toEqual([n.second.id]);

    // Another renter of the company has no notes of this lease.
    const others = await t.call(api.creditList, {
      token: await admin(),
      query: { renterId: lease.renterId + 100_000 },
    });
    expect(others.data).toMatchObject({ total: 0, list: [] });
  });

  it('is seen by the company’s people, the operator’s finance and the renter, never by another company', async () => {
    const n = await twoNotes();
    const mine = [n.second.id, n.first.id];
    for (const role of [ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.finance, ROLE.other]) {
      const res = await t.call(api.creditList, {
        token: await t.tokenFor(role),
        query: { renterId: lease.renterId },
      });
      expect(res.status, `role ${role}`).toBe('200');
      expect(
        res.data.list.map((x) => x.id),
        `role ${role}`,
      ).toEqual(mine);
    }
    for (const role of [ROLE.lessorSales, ROLE.companyEmployee, ROLE.technician]) {
      const res = await t.call(api.creditList, { token: await t.tokenFor(role) });
      expect(res.status, `role ${role}`).toBe('403');
    }
    const other = await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account);
    for (const query of [{ renterId: lease.renterId }, { keyword: n.first.number }, {}]) {
      const res = await t.call(api.creditList, { token: other, query });
      expect(res.status).toBe('200');
      expect(
        res.data.list.filter((x) => mine.includes(x.id)),
        JSON.stringify(query),
      ).toEqual([]);
    }
  });
});
