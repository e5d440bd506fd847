import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { CNY } from '@console/contract/codes/money';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { contractPdf } from '@console/server/src/lease/pdf/contract-pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints as api } from '@console/contract/http/lease-billing';
import { leaseContractEndpoints as contractApi } from '@console/contract/http/lease-contracts';
import { issueLessorBills } from '@console/db/billing/issue';
import { bills, ledgerEntries } from '@console/db/schema/lease-billing';
import { renters } from '@console/db/schema/lease';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo, handOver, orgOf, todayOf, withoutSeededBilling } from './helpers.ts';
import { leaseWithAllowances, spread, workDays, type AllowanceLease } from './overtime-helpers.ts';

/**
 * Overtime from measured hours (docs/decisions/070-overtime-from-measured-hours.md): the issue's worked examples,
 * each a contract of the demo lessor with one machine, billing on the 1st, the hours its daily work credits it.
 *   daily: 23 at 300.00 a day, 8 h a day, 40.00/h; 1-10 March, 95.0 h → 3,000.00 + 15.0 h = 600.00 → 3,600.00;
 *   month: 25 at 6,000.00, 176 h a month, 50.00/h; all March, 190.0 h → 14.0 h = 700.00 → 6,700.00;
 *   late: the same line delivered 15 March → 3,290.32 (17/31), allowance 96.5 h, 110.0 h → 13.5 h = 675.00 → 3,965.32;
 *   silent: the same line, all March, no hours reported → no overtime, the bill says the hours are missing.
 */
describe('overtime from measured hours', () => {
  let f: SigningFixture;
  let t: TestApp;
  let year: number;
  const on = (monthDay: string) => `${year}-${monthDay}`;
  let daily: AllowanceLease;
  let month: AllowanceLease;
  let late: AllowanceLease;
  let silent: AllowanceLease;
  const MONTH_LINE = { businessModel: 25, monthCents: 600_000, allowanceTenths: 1760, overtimeCents: 5_000 };
  const billOf = async (lease: AllowanceLease) =>
    (await t.dbh.db.select().from(bills).where(eq(bills.contractId, lease.contractId)).all()).filter(
      (b) => b.state !== 'void',
    );
  const detail = async (billId: number, role: number = ROLE.lessorAdmin) => {
    const answer = await t.call(api.billDetail, { token: await t.tokenFor(role as never), query: { id: billId } });
    if (answer.status !== '200') throw new Error(`${answer.status} ${answer.message}`);
    return answer.data;
  };

  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    const today = todayOf(t);
    year = Number(today.slice(0, 4)) + (today < `${today.slice(0, 4)}-03-01` ? 0 : 1);
    [daily, month, late, silent] = await leaseWithAllowances(
      f,
      [
        { businessModel: 23, dayCents: 30_000, allowanceTenths: 80, overtimeCents: 4_000 },
        MONTH_LINE,
        MONTH_LINE,
        MONTH_LINE,
      ],
      on('03-01'),
      on('12-31'),
    );
    advanceTo(t, on('03-01'));
    for (const lease of [daily!, month!, silent!])
      await handOver(t, 'entry', lease.contractId, [{ lineId: lease.lineId, deviceId: lease.deviceId }], on('03-01'));
    await workDays(t, daily!, spread(on('03-01'), on('03-10'), 95));
    advanceTo(t, on('03-10'));
    // The return issues the machine's last bill in the same unit of work, with its overtime.
    await handOver(t, 'exit', daily!.contractId, [{ lineId: daily!.lineId, deviceId: daily!.deviceId }], on('03-10'));
    advanceTo(t, on('03-15'));
    await handOver(t, 'entry', late!.contractId, [{ lineId: late!.lineId, deviceId: late!.deviceId }], on('03-15'));
    await workDays(t, month!, spread(on('03-01'), on('03-31'), 190));
    await workDays(t, late!, spread(on('03-15'), on('03-31'), 110));
    advanceTo(t, on('04-01'));
    await issueLessorBills(t.dbh.db, daily!.lessorId, on('04-01'));
  });
  afterAll(() => f.close());

  const pdfText = (bytes: Uint8Array) => {
    const dir = mkdtempSync(join(tmpdir(), 'overtime-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), bytes);
      return execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("shows the evidence on the month's usage statement and the terms in the contract's document", async () => {
    const en = await t.call(revenueEndpoints.statement, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { contractId: late.contractId, month: `${year}-03` },
    });
    expect(en.status).toBe('200');
    const text = pdfText(Buffer.from(en.data.content, 'base64'));
    expect(text).toContain('Overtime from measured hours');
    expect(text).toMatch(/96\.5\s+110\.0\s+13\.5\s+¥675\.00/);
    const silentText = pdfText(
      Buffer.from(
        (
          await t.call(revenueEndpoints.statement, {
            token: await t.tokenFor(ROLE.lessorAdmin),
            query: { contractId: silent.contractId, month: `${year}-03` },
          })
        ).data.content,
        'base64',
      ),
    );
    expect(silentText).toContain('Hours missing');
    const contract = pdfText((await contractPdf(t.dbh.db, late.contractId, CNY))!);
    // The price column wraps the terms over lines: each part is there.
    expect(contract).toContain('含工时 176.0');
    expect(contract).toContain('50.00/小时');
  });

  it('bills a day model 10 days of 8 h and 95.0 h measured: 15.0 h of overtime, 3,600.00', async () => {
    const [bill] = await billOf(daily);
    expect(bill).toMatchObject({
      kind: 'exit',
      periodStart: on('03-01'),
      periodEnd: on('03-10'),
      amountCents: 360_000,
    });
    const seen = await detail(bill!.id);
    expect(seen.lines.map((l) => [l.days, l.amountCents])).toEqual([[10, 300_000]]);
    expect(seen.overtime).toMatchObject([
      { allowanceTenths: 800, measuredTenths: 950, hoursTenths: 150, priceCents: 4_000, amountCents: 60_000 },
    ]);
    expect(seen.bill.hoursMissing).toBe(false);
  });

  it('bills a calendar month of 176 h and 190.0 h measured: 14.0 h of overtime, 6,700.00', async () => {
    const [bill] = await billOf(month);
    expect(bill).toMatchObject({ kind: 'cycle', periodEnd: on('03-31'), amountCents: 670_000 });
    const seen = await detail(bill!.id);
    expect(seen.lines.map((l) => l.amountCents)).toEqual([600_000]);
    expect(seen.overtime).toMatchObject([
      { allowanceTenths: 1760, measuredTenths: 1900, hoursTenths: 140, amountCents: 70_000 },
    ]);
  });

  it('prorates the allowance of a part month: 96.5 h of 176, 13.5 h of overtime, 3,965.32', async () => {
    const [bill] = await billOf(late);
    expect(bill!.amountCents).toBe(396_532);
    const seen = await detail(bill!.id);
    expect(seen.lines.map((l) => [l.fromOn, l.days, l.amountCents])).toEqual([[on('03-15'), 17, 329_032]]);
    expect(seen.overtime).toMatchObject([
      { fromOn: on('03-15'), toOn: on('03-31'), allowanceTenths: 965, measuredTenths: 1100, hoursTenths: 135 },
    ]);
    expect(seen.overtime[0]!.amountCents).toBe(67_500);
  });

  it('says the hours are missing for a machine that reported none, and bills no overtime', async () => {
    const [bill] = await billOf(silent);
    expect(bill!.amountCents).toBe(600_000);
    const seen = await detail(bill!.id);
    expect(seen.bill.hoursMissing).toBe(true);
    expect(seen.overtime).toMatchObject([{ measuredTenths: null, hoursTenths: 0, amountCents: 0 }]);
    // The renter reads the same flag on its bill.
    expect((await detail(bill!.id, ROLE.other)).bill.hoursMissing).toBe(true);
    const list = await t.call(api.billList, {
      token: await t.tokenFor(ROLE.lessorStaff),
      query: { contractId: silent.contractId, page: 1, pageSize: 10 },
    });
    expect(list.data.list.map((b) => b.hoursMissing)).toEqual([true]);
  });

  it('issues nothing twice: a second run the same day adds no bill and no overtime', async () => {
    const before = await t.dbh.db.select().from(bills).all();
    expect(await issueLessorBills(t.dbh.db, daily.lessorId, on('04-01'))).toEqual({ bills: 0, lines: 0 });
    expect(await t.dbh.db.select().from(bills).all()).toEqual(before);
  });

  it("lets the lessor's staff adjust an overtime line with a reason, the bill, ledger and arrears following", async () => {
    const [bill] = await billOf(month);
    const line = (await detail(bill!.id)).overtime[0]!;
    const staff = await t.tokenFor(ROLE.lessorStaff);
    // The renter's users and the salesperson may not.
    for (const role of [ROLE.other, ROLE.lessorSales]) {
      const refused = await t.call(api.overtimeAdjust, {
        token: await t.tokenFor(role),
        body: { id: line.id, hoursTenths: 0, reason: 'x' },
      });
      expect(refused.status).not.toBe('200');
    }
    const noReason = await t.call(api.overtimeAdjust, {
      token: staff,
      body: { id: line.id, hoursTenths: 100, reason: ' ' },
    });
    expect(noReason.status).not.toBe('200');
    const done = await t.call(api.overtimeAdjust, {
      token: staff,
      body: { id: line.id, hoursTenths: 100, reason: 'Hour meter replaced on 20 March' },
    });
    expect(done.status).toBe('200');
    expect(done.data.amountCents).toBe(50_000);
    const seen = await detail(bill!.id);
    expect(seen.bill.amountCents).toBe(650_000);
    expect(seen.overtime[0]).toMatchObject({ computedTenths: 140, hoursTenths: 100, amountCents: 50_000 });
    expect(seen.overtime[0]!.adjustments).toMatchObject([
      { fromTenths: 140, toTenths: 100, fromCents: 70_000, toCents: 50_000, reason: 'Hour meter replaced on 20 March' },
    ]);
    expect(seen.overtime[0]!.adjustments[0]!.userName).not.toBe('');
    const ledger = await t.dbh.db.select().from(ledgerEntries).where(eq(ledgerEntries.billId, bill!.id)).all();
    expect(ledger.map((l) => [l.type, l.amountCents])).toEqual([
      ['bill', 670_000],
      ['overtimeAdjust', -20_000],
    ]);
    // Past its due day, the renter owes what its bills say after the adjustment.
    advanceTo(t, on('04-20'));
    await issueLessorBills(t.dbh.db, month.lessorId, on('04-20'));
    const owed = (await t.dbh.db.select().from(bills).where(eq(bills.renterOrgId, month.renterId)).all())
      .filter((b) => b.state === 'open' || b.state === 'partlyPaid')
      .filter((b) => b.dueOn < on('04-20'))
      .reduce((s, b) => s + b.amountCents - b.paidCents, 0);
    const renter = await t.dbh.db.select().from(renters).where(eq(renters.orgId, month.renterId)).get();
    expect(renter!.arrearsCents).toBe(owed);
  });

  it('refuses an adjustment once a receipt paid the bill, as a void is refused', async () => {
    const [bill] = await billOf(late);
    const line = (await detail(bill!.id)).overtime[0]!;
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const paid = await t.call(api.receiptCreate, {
      token: admin,
      body: {
        renterId: late.renterId,
        amountCents: 10_000_000,
        method: 'transfer',
        receivedOn: todayOf(t),
        reference: 'OT-1',
        note: '',
      },
    });
    expect(paid.status).toBe('200');
    const refused = await t.call(api.overtimeAdjust, {
      token: admin,
      body: { id: line.id, hoursTenths: 0, reason: 'x' },
    });
    expect(refused.status).toBe('409');
    expect((await detail(bill!.id)).bill.amountCents).toBe(396_532);
  });

  it('keeps the allowance on the contract and refuses one without its price, or over 24 h a day', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const contract = await t.call(contractApi.detail, { token: admin, query: { id: daily.contractId } });
    expect(contract.data.lines.map((l) => [l.allowanceTenths, l.overtimeCents])).toEqual([[80, 4_000]]);
    const base = {
      renterId: await orgOf(t, ROLE.other),
      storeId: contract.data.storeId,
      startOn: on('05-01'),
      endOn: on('05-31'),
      siteAddress: '张江路1号',
    };
    const line = { modelId: 1, count: 1, businessModel: 23, dayCents: 30_000 };
    for (const [extra, field] of [
      [{ allowanceTenths: 80 }, 'lines.0.overtimeCents'],
      [{ overtimeCents: 4_000 }, 'lines.0.allowanceTenths'],
      [{ allowanceTenths: 250, overtimeCents: 4_000 }, 'lines.0.allowanceTenths'],
    ] as const) {
      const refused = await t.call(contractApi.create, {
        token: admin,
        body: { ...base, lines: [{ ...line, ...extra }] },
      });
      expect(refused.status).not.toBe('200');
      expect(JSON.stringify(refused)).toContain(field.split('.').pop());
    }
  });
});
