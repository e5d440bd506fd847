import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { revenueEndpoints as api } from '@console/contract/http/lease-revenue';
import { users } from '@console/db/schema/accounts';
import { dailyWork } from '@console/db/schema/analysis';
import { deviceExpenses } from '@console/db/schema/device-records';
import { devices } from '@console/db/schema/devices';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { contracts } from '@console/db/schema/lease';
import { issueLessorBills } from '@console/db/billing/issue';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { lessorAdmin } from '../../fixtures/lessor-admin.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo, leaseTwoMachines, withoutSeededBilling, type Leased } from './helpers.ts';

/**
 * The revenue analysis over a small lease (docs/decisions/040-revenue-analysis.md). The demo lessor rents two
 * machines to the demo customer from 15 March of the lease's year (leaseTwoMachines), sold by the demo salesperson:
 * A daily at 300.00, B by calendar month at 6,000.00. The billing run on 1 May issues the bills of 1 April and 1 May:
 *   March bill (lines ending 31 March): A 17 days = 5,100.00; B 17/31 of 6,000.00 = 3,290.32 → 8,390.32
 *   April bill (lines ending 30 April): A 30 days = 9,000.00; B the whole month = 6,000.00 → 15,000.00
 * One receipt of 11,390.32 pays March in full and 3,000.00 (a fifth) of April: A's April line received 1,800.00,
 * B's 1,200.00. Expenses: A 500.00 on 10 April, B 200.00 on 20 March; outside the range or on a machine not billed,
 * none counts. Daily work: A 6 h on 20 March and 8 h on 2 April (and 5 h on 10 March, before its lease: not
 * counted); B 4 h on 30 April.
 */
const MARCH_B = Math.round((17 * 600_000) / 31); // 329,032
const MARCH = 510_000 + MARCH_B; // 839,032
const APRIL = 900_000 + 600_000;

function pdfText(bytes: Uint8Array, dir: string): string {
  const file = join(dir, `s${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('revenue analysis', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  /** March and April of the lease's year. */
  let RANGE: { from: string; to: string };
  const on = (monthDay: string) => lease.on(monthDay);
  /** The year of the lease, as a statement's dates begin. */
  const year = () => String(lease.year);
  let a: { id: number; serialNumber: string; kind: string };
  let b: { id: number; serialNumber: string; kind: string };
  let dir: string;
  let salesName: string;
  let storeId: number;

  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    dir = mkdtempSync(join(tmpdir(), 'revenue-pdf-'));
    await withoutSeededBilling(t);
    const salesId = await t.userId(ROLE.lessorSales);
    lease = await leaseTwoMachines(f, { salespersonId: salesId });
    RANGE = { from: on('03-01'), to: on('04-30') };
    const { db } = t.dbh;
    const machine = async (deviceId: number) =>
      (await db
        .select({ id: devices.id, serialNumber: devices.serialNumber, kind: devices.kind })
        .from(devices)
        .where(eq(devices.id, deviceId))
        .get())!;
    a = await machine(lease.machines.daily);
    b = await machine(lease.machines.calendar);
    salesName = (await db.select().from(users).where(eq(users.id, salesId)).get())!.name;
    storeId = (await db.select().from(contracts).where(eq(contracts.id, lease.contractId)).get())!.storeId;
    const other = (await db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, lease.lessorId), ne(devices.id, a.id), ne(devices.id, b.id)))
      .get())!;
    // Only the test's own work and expenses on these machines.
    const ours = [a.id, b.id, other.id];
    await db.delete(dailyWork).where(inArray(dailyWork.deviceId, ours)).run();
    await db.delete(deviceExpenses).where(inArray(deviceExpenses.deviceId, ours)).run();
    // What the machines reported working, day by day (the analysis' daily work, from their telemetry).
    const work = (deviceId: number, kind: string, day: string, hoursWorked: number) =>
      db
        .insert(dailyWork)
        .values({ deviceId, kind, day, hoursWorked, timeZone: 'Asia/Shanghai', ownerOrgId: lease.lessorId })
        .run();
    await work(a.id, a.kind, on('03-10'), 5);
    await work(a.id, a.kind, on('03-20'), 6);
    await work(a.id, a.kind, on('04-02'), 8);
    await work(b.id, b.kind, on('04-30'), 4);
    // The expenses, as the lessor records them.
    const spend = async (deviceId: number, date: string, amountCents: number) => {
      const made = await t.call(deviceRecordEndpoints.createExpense, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        body: { deviceId, type: 'maintenance', amountCents, date, remark: '' },
      });
      expect(made.status, made.message).toBe('200');
    };
    advanceTo(t, on('05-02'));
    await spend(a.id, on('04-10'), 50_000);
    await spend(b.id, on('03-20'), 20_000);
    await spend(a.id, on('06-01'), 99_999);
    await spend(other.id, on('04-01'), 77_777);

    expect(await issueLessorBills(db, lease.lessorId, on('05-01'))).toEqual({ bills: 2, lines: 4 });
    const paid = await t.call(billingEndpoints.receiptCreate, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: {
        renterId: lease.renterId,
        amountCents: MARCH + 300_000,
        method: 'transfer' as never,
        receivedOn: on('05-02'),
      },
    });
    expect(paid.status).toBe('200');
  });
  afterAll(async () => {
    await f?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sums income billed and received by month, profit after the billed machines’ expenses, and utilisation', async () => {
    const answer = await t.call(api.summary, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { ...RANGE, renterId: lease.renterId },
    });
    expect(answer.status).toBe('200');
    const s = answer.data;
    expect(s.range).toEqual(RANGE);
    expect(s.totals).toEqual({
      billedCents: MARCH + APRIL, // 2,339,032
      receivedCents: MARCH + 300_000, // 1,139,032
      expenseCents: 70_000,
      // No machine of this lease was rented in: no sub-lease cost.
      subleaseCents: 0,
      profitCents: MARCH + APRIL - 70_000, // 2,269,032
      lines: 4,
      machines: 2,
      daysBilled: 94,
      hoursWorked: 18,
      // 18 h over 94 billed days of 8 h: 0.0239
      utilisation: 0.0239,
    });
    expect(s.months).toEqual([
      {
        month: `${year()}-03`,
        billedCents: MARCH,
        receivedCents: MARCH,
        expenseCents: 20_000,
        subleaseCents: 0,
        profitCents: MARCH - 20_000,
      },
      {
        month: `${year()}-04`,
        billedCents: APRIL,
        receivedCents: 300_000,
        expenseCents: 50_000,
        subleaseCents: 0,
        profitCents: APRIL - 50_000,
      },
    ]);
    expect(s.byRenter).toEqual([expect.objectContaining({ id: lease.renterId, billedCents: MARCH + APRIL, lines: 4 })]);
    expect(s.byStore).toEqual([expect.objectContaining({ id: storeId, billedCents: MARCH + APRIL })]);
    expect(s.bySalesperson).toEqual([
      expect.objectContaining({
        id: await t.userId(ROLE.lessorSales),
        name: salesName,
        receivedCents: MARCH + 300_000,
      }),
    ]);
    // By kind: A earned 5,100.00 + 9,000.00, B 3,290.32 + 6,000.00 (one slice each, or one together).
    const kinds = Object.fromEntries(s.byKind.map((k) => [k.key, k.billedCents]));
    if (a.kind === b.kind) expect(kinds).toEqual({ [a.kind]: MARCH + APRIL });
    else expect(kinds).toEqual({ [a.kind]: 1_410_000, [b.kind]: MARCH_B + 600_000 });
    // B the least used first: 4 h over 47 days (0.0106); A 14 h over 47 days (0.0372).
    expect(s.machines).toEqual([
      {
        deviceId: b.id,
        serialNumber: b.serialNumber,
        kind: b.kind,
        daysBilled: 47,
        hoursWorked: 4,
        utilisation: 0.0106,
        billedCents: MARCH_B + 600_000,
      },
      {
        deviceId: a.id,
        serialNumber: a.serialNumber,
        kind: a.kind,
        daysBilled: 47,
        hoursWorked: 14,
        utilisation: 0.0372,
        billedCents: 1_410_000,
      },
    ]);

    // One month narrows everything to it; a filter matching nothing answers zeros.
    const april = (
      await t.call(api.summary, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        query: { from: on('04-01'), to: on('04-30'), renterId: lease.renterId },
      })
    ).data;
    expect(april.totals).toMatchObject({
      billedCents: APRIL,
      receivedCents: 300_000,
      expenseCents: 50_000,
      hoursWorked: 12,
    });
    const none = (
      await t.call(api.summary, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        query: { ...RANGE, renterId: lease.renterId, storeId: 999_999 },
      })
    ).data;
    expect(none.totals).toMatchObject({
      billedCents: 0,
      receivedCents: 0,
      expenseCents: 0,
      profitCents: 0,
      utilisation: 0,
    });
  });

  it('lists the income lines page by page with their totals, and refuses a bad range', async () => {
    const token = await t.tokenFor(ROLE.lessorStaff);
    const page = await t.call(api.incomeList, {
      token,
      query: { ...RANGE, renterId: lease.renterId, pageSize: 3, sortField: 'amountCents', sortOrder: 'descend' },
    });
    expect(page.status).toBe('200');
    expect(page.data.total).toBe(4);
    expect(page.data.totals).toEqual({ billedCents: MARCH + APRIL, receivedCents: MARCH + 300_000, days: 94 });
    expect(page.data.list.map((r) => [r.serialNumber, r.month, r.amountCents, r.receivedCents, r.hoursWorked])).toEqual(
      [
        [a.serialNumber, `${year()}-04`, 900_000, 180_000, 8],
        [b.serialNumber, `${year()}-04`, 600_000, 120_000, 4],
        [a.serialNumber, `${year()}-03`, 510_000, 510_000, 6],
      ],
    );
    expect(page.data.list[0]).toMatchObject({
      contractId: lease.contractId,
      renterId: lease.renterId,
      storeId,
      salespersonName: salesName,
      days: 30,
      fromOn: on('04-01'),
      toOn: on('04-30'),
    });
    const second = await t.call(api.incomeList, {
      token,
      query: {
        ...RANGE,
        renterId: lease.renterId,
        pageSize: 3,
        page: 2,
        sortField: 'amountCents',
        sortOrder: 'descend',
      },
    });
    expect(second.data.list.map((r) => r.amountCents)).toEqual([MARCH_B]);
    const byKeyword = await t.call(api.incomeList, { token, query: { ...RANGE, keyword: b.serialNumber } });
    expect(byKeyword.data.list.every((r) => r.deviceId === b.id)).toBe(true);

    const backwards = await t.call(api.incomeList, { token, query: { from: on('04-30'), to: on('03-01') } });
    expect(backwards.status).not.toBe('200');
    expect(backwards.data.field).toBe('to');
    const tooLong = await t.call(api.summary, { token, query: { from: '2020-01-01', to: on('04-30') } });
    expect(tooLong.data.field).toBe('to');
    const badDay = await t.call(api.summary, { token, loose: { query: { from: on('02-30') } } });
    expect(badDay.status).not.toBe('200');
  });

  it('is read by the lessor’s administrator and staff and the operator’s finance, never by a renter or salesperson', async () => {
    const finance = await t.call(api.summary, {
      token: await t.tokenFor(ROLE.finance),
      query: { ...RANGE, renterId: lease.renterId },
    });
    expect(finance.status).toBe('200');
    expect(finance.data.totals.billedCents).toBe(MARCH + APRIL);
    // Another lessor's administrator: its own figures, none of these (no line, no contract, no statement).
    const { token: foreign } = await lessorAdmin(t, 'Northwind Equipment Hire');
    const theirs = await t.call(api.summary, { token: foreign, query: { ...RANGE, renterId: lease.renterId } });
    expect(theirs.status).toBe('200');
    expect(theirs.data.totals).toMatchObject({ billedCents: 0, receivedCents: 0, expenseCents: 0, lines: 0 });
    const theirLines = await t.call(api.incomeList, { token: foreign, query: { ...RANGE, keyword: a.serialNumber } });
    expect(theirLines.data.total).toBe(0);
    const theirStatement = await t.call(api.statement, {
      token: foreign,
      query: { contractId: lease.contractId, month: `${year()}-04` },
    });
    expect(theirStatement.status).toBe('404');

    for (const roleId of [ROLE.other, ROLE.lessorSales, ROLE.companyAdmin]) {
      const refused = await t.call(api.summary, { token: await t.tokenFor(roleId), query: RANGE });
      expect(refused.status, `role ${roleId}`).toBe('403');
      const list = await t.call(api.incomeList, { token: await t.tokenFor(roleId), query: RANGE });
      expect(list.status, `role ${roleId}`).toBe('403');
    }
  });

  it('draws the monthly usage statement: hours per machine per day beside the month’s bill, in both languages', async () => {
    const en = await t.call(api.statement, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { contractId: lease.contractId, month: `${year()}-04` },
    });
    expect(en.status).toBe('200');
    expect(en.data.mimeType).toBe('application/pdf');
    const contractNumber = (await t.dbh.db.select().from(contracts).where(eq(contracts.id, lease.contractId)).get())!
      .number;
    expect(en.data.fileName).toBe(`${contractNumber}-${year()}-04-usage.pdf`);
    const text = pdfText(Buffer.from(en.data.content, 'base64'), dir);
    expect(text).toContain('Monthly usage statement');
    expect(text).toContain(contractNumber);
    // The bill's lines: A 30 days 9,000.00 with 8 h, B 30 days 6,000.00 with 4 h; the total 15,000.00 and 12 h.
    const line = (serial: string) => text.split('\n').find((l) => l.includes(serial) && l.includes('¥'))!;
    expect(line(a.serialNumber)).toMatch(/30\s+¥9,000\.00\s+8\b/);
    expect(line(b.serialNumber)).toMatch(/30\s+¥6,000\.00\s+4\b/);
    expect(text).toMatch(/Total\s+60\s+¥15,000\.00\s+12/);
    // The daily table: 2 April shows A's 8 h; 30 April B's 4 h; a day without work a dash.
    expect(text).toMatch(new RegExp(`${on('04-02')}\\s+8\\s+-`));
    expect(text).toMatch(new RegExp(`${on('04-30')}\\s+-\\s+4`));

    // The renter reads it too (it travels with the bill), in Chinese.
    const zh = await t.call(api.statement, {
      token: await t.tokenFor(ROLE.other),
      lang: 'zh_CN',
      query: { contractId: lease.contractId, month: `${year()}-03` },
    });
    expect(zh.status).toBe('200');
    const zhText = pdfText(Buffer.from(zh.data.content, 'base64'), dir);
    expect(zhText).toContain('月度使用结算单');
    expect(zhText).toMatch(new RegExp(`${on('03-20')}\\s+6\\s+-`));
    expect(zhText).toMatch(/合计\s+34\s+¥8,390\.32\s+6/);

    const bad = await t.call(api.statement, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      loose: { query: { contractId: lease.contractId, month: `${year()}-13` } },
    });
    expect(bad.status).not.toBe('200');
    const salesperson = await t.call(api.statement, {
      token: await t.tokenFor(ROLE.lessorSales),
      query: { contractId: lease.contractId, month: `${year()}-04` },
    });
    expect(salesperson.status).toBe('403');
  });
});
