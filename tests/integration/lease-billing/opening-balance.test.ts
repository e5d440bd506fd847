import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints as api } from '@console/contract/http/lease-billing';
import { issueLessorBills } from '@console/db/billing/issue';
import { bills, ledgerEntries } from '@console/db/schema/lease-billing';
import { renters } from '@console/db/schema/lease';
import { arrearsSteps } from '@console/db/schema/risk';
import { dayInZone } from '@console/server/src/lib/time';
import { runArrearsLocks } from '@console/server/src/risk/arrears';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { arrearsLease, lockCommands, type ArrearsLease } from './arrears-helpers.ts';
import { advanceTo, leaseTwoMachines, withoutSeededBilling, type Leased } from './helpers.ts';

/** Opening balances (decision 036, addendum): what a renter owed before its billing moved here. */
describe('opening balances', () => {
  let f: SigningFixture;
  let t: TestApp;
  /** A day of the year the test's lease runs in. */
  let on: (monthDay: string) => string;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const arrearsOf = async (renterId: number) =>
    (await t.dbh.db.select().from(renters).where(eq(renters.orgId, renterId)).get())!.arrearsCents;
  const billsOf = (renterId: number) =>
    t.dbh.db.select().from(bills).where(eq(bills.renterOrgId, renterId)).orderBy(bills.id).all();
  const tomorrow = () => addDays(dayInZone(t.deps.now(), 'Asia/Shanghai'), 1);
  const record = async (renterId: number, body: Record<string, unknown> = {}, token?: string) =>
    t.call(api.openingCreate, {
      token: token ?? (await admin()),
      body: { renterId, amountCents: 123_456, asOf: on('02-28'), dueOn: on('03-10'), note: 'Old system', ...body },
    });

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    on = (monthDay) => `${dayInZone(t.deps.now(), 'Asia/Shanghai').slice(0, 4)}-${monthDay}`;
  });
  afterEach(() => f.close());

  describe('on a lease', () => {
    let lease: Leased;
    beforeEach(async () => {
      await withoutSeededBilling(t);
      lease = await leaseTwoMachines(f);
      on = lease.on;
    });

    it('is a bill without contract that counts in the arrears, is paid first by receipts and shows in the ledger', async () => {
      const made = await record(lease.renterId);
      expect(made.status, made.message).toBe('200');
      expect(made.message).toBe('The opening balance was recorded');
      expect(made.data.number).toMatch(new RegExp(`^OB-${lease.year}0228-\\d+$`));
      // Due on 10 March, so past due today (15 March): all of it is in arrears, which automatic approval reads.
      expect(await arrearsOf(lease.renterId)).toBe(123_456);
      const listed = await t.call(api.billList, { token: await admin(), query: { renterId: lease.renterId } });
      expect(listed.data.list).toEqual([
        expect.objectContaining({
          id: made.data.id,
          kind: 'opening',
          contractId: null,
          contractNumber: '',
          periodStart: on('02-28'),
          dueOn: on('03-10'),
          amountCents: 123_456,
          unpaidCents: 123_456,
          state: 'open',
          note: 'Old system',
        }),
      ]);
      const detail = await t.call(api.billDetail, { token: await t.tokenFor(ROLE.other), query: { id: made.data.id } });
      expect(detail.status, detail.message).toBe('200');
      expect(detail.data.lines).toEqual([]);

      // March's and April's rent: the arrears list shows the opening balance as a row of its own.
      advanceTo(t, on('05-02'));
      await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
      const [, march] = await billsOf(lease.renterId);
      const arrears = await t.call(api.arrears, { token: await admin(), query: { renterId: lease.renterId } });
      expect(arrears.data.list).toEqual([
        expect.objectContaining({ contractId: lease.contractId }),
        expect.objectContaining({
          key: `${lease.renterId}-opening`,
          contractId: null,
          overdueCents: 123_456,
          step: -1,
          exempt: false,
        }),
      ]);

      // A receipt pays the oldest due first: the opening balance, then March's bill.
      const paid = await t.call(api.receiptCreate, {
        token: await t.tokenFor(ROLE.lessorStaff),
        body: { renterId: lease.renterId, amountCents: 123_456 + 100, method: 'transfer', receivedOn: on('05-02') },
      });
      expect(paid.status, paid.message).toBe('200');
      const paidOn = paid.data.allocations.map((a) => [a.billId, a.amountCents]).sort(([a], [b]) => a! - b!);
      expect(paidOn).toEqual([
        [made.data.id, 123_456],
        [march!.id, 100],
      ]);
      expect((await billsOf(lease.renterId))[0]!.state).toBe('paid');

      const ledger = await t.call(api.ledger, {
        token: await admin(),
        query: { renterId: lease.renterId, type: 'opening' },
      });
      expect(ledger.data.list).toEqual([
        expect.objectContaining({
          type: 'opening',
          billId: made.data.id,
          subject: made.data.number,
          detail: 'Old system',
          amountCents: 123_456,
          balanceCents: 123_456,
          day: on('02-28'),
        }),
      ]);
    });

    it('refuses bad input in both languages and a second live one, and changes nothing', async () => {
      for (const [lang, body, field, text] of [
        ['en_US', { amountCents: 0 }, 'amountCents', 'Enter the amount owed, greater than 0'],
        ['zh_CN', { amountCents: 0 }, 'amountCents', '请输入大于 0 的期初欠款金额'],
        ['en_US', { dueOn: on('02-27') }, 'dueOn', 'The due day cannot be before the day the balance was owed on'],
        ['zh_CN', { asOf: on('02-30') }, 'asOf', '请选择期初日期'],
        ['en_US', { asOf: tomorrow(), dueOn: tomorrow() }, 'asOf', 'cannot be after today'],
      ] as const) {
        const refused = await t.call(api.openingCreate, {
          token: await admin(),
          lang,
          loose: {
            body: { renterId: lease.renterId, amountCents: 100, asOf: on('02-28'), dueOn: on('03-10'), ...body },
          },
        });
        expect(refused.data.field, JSON.stringify(body)).toBe(field);
        expect(refused.message).toContain(text);
      }
      expect(await billsOf(lease.renterId)).toEqual([]);

      const first = await record(lease.renterId);
      expect(first.status).toBe('200');
      const again = await record(lease.renterId, { amountCents: 999 });
      expect(again.status).toBe('409');
      expect(again.message).toBe('This customer already has an opening balance: void it first to record another');
      expect(await billsOf(lease.renterId)).toHaveLength(1);

      // Voided (re-issuing has no days to bill again), it leaves the arrears and another may be recorded.
      const voided = await t.call(api.billVoid, {
        token: await admin(),
        body: { id: first.data.id, reason: 'Wrong amount', reissue: true },
      });
      expect(voided.data).toEqual({ id: first.data.id, reissued: [] });
      expect(await arrearsOf(lease.renterId)).toBe(0);
      const corrected = await record(lease.renterId, { amountCents: 100_000 });
      expect(corrected.status, corrected.message).toBe('200');
      expect(await arrearsOf(lease.renterId)).toBe(100_000);
    });

    it('is recorded by the rental company’s administrator only', async () => {
      for (const role of [ROLE.lessorStaff, ROLE.lessorSales, ROLE.finance, ROLE.other, ROLE.technician]) {
        const denied = await record(lease.renterId, {}, await t.tokenFor(role));
        expect(denied.status, `role ${role}`).not.toBe('200');
      }
      expect(await billsOf(lease.renterId)).toEqual([]);
    });
  });

  describe('and arrears locking', () => {
    let lease: ArrearsLease;
    beforeEach(async () => {
      lease = await arrearsLease(f);
    });

    it('moves no machine: an opening balance long overdue takes no arrears step', async () => {
      const made = await record(lease.renterId, {
        asOf: addDays(lease.today(), -60),
        dueOn: addDays(lease.today(), -30),
      });
      expect(made.status, made.message).toBe('200');
      await runArrearsLocks(t.deps, { lessorOrgId: lease.lessorId });
      expect(await t.dbh.db.select().from(arrearsSteps).all()).toEqual([]);
      expect(await lockCommands(t, lease.machines)).toEqual([]);
      expect(await arrearsOf(lease.renterId)).toBe(123_456);
      expect(
        await t.dbh.db.select().from(ledgerEntries).where(eq(ledgerEntries.renterOrgId, lease.renterId)).all(),
      ).toHaveLength(1);
    });
  });
});

describe('the demo', () => {
  it('brings the renters that owed rent before forward as opening balances, in their company’s language', async () => {
    const t = await createTestApp();
    try {
      const opening = await t.dbh.db.select().from(bills).where(eq(bills.kind, 'opening')).all();
      // The third customer of each of the three rental companies.
      expect(opening).toHaveLength(3);
      expect(opening.map((b) => b.amountCents)).toEqual([1_250_000, 1_250_000, 1_250_000]);
      expect(opening.filter((b) => b.note === '上线前旧系统结转欠款')).toHaveLength(2);
      expect(opening.filter((b) => b.note === 'Balance brought forward from the previous system')).toHaveLength(1);
      for (const b of opening) expect(await arrearsOfRenter(t, b.renterOrgId)).toBeGreaterThanOrEqual(1_250_000);
    } finally {
      t.dbh.close();
    }
  });

  it('lists a renter’s opening balance last in its bill record, below what was billed and paid since', async () => {
    const t = await createTestApp();
    try {
      // The demo brings the balances forward after a year of bills and receipts, so they are the newest entries.
      const opening = await t.dbh.db.select().from(bills).where(eq(bills.kind, 'opening')).all();
      const finance = await t.tokenFor(ROLE.finance);
      for (const b of opening) {
        const page = (n: number) =>
          t.call(api.ledger, { token: finance, query: { renterId: b.renterOrgId, pageSize: 100, page: n } });
        const first = await page(1);
        expect(first.status, first.message).toBe('200');
        const pages = Math.ceil(first.data.total / 100);
        const last = pages === 1 ? first : await page(pages);
        const types = last.data.list.map((r) => r.type);
        expect(first.data.total).toBeGreaterThan(1);
        expect(types.at(-1), types.join(',')).toBe('opening');
        expect(types.indexOf('opening')).toBe(types.length - 1);
        // The rest stays newest first, from the first page on.
        const others = (pages === 1 ? first.data.list.slice(0, -1) : first.data.list).map((r) => r.id);
        expect(others.length).toBeGreaterThan(0);
        expect(others).toEqual([...others].sort((x, y) => y - x));
      }
    } finally {
      t.dbh.close();
    }
  });
});

const arrearsOfRenter = async (t: TestApp, renterId: number) =>
  (await t.dbh.db.select().from(renters).where(eq(renters.orgId, renterId)).get())!.arrearsCents;
