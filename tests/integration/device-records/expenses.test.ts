import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceRecordEndpoints, type ExpenseItem } from '@console/contract/http/device-records';
import { deviceExpenses } from '@console/db/schema/device-records';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { demoMachines } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

type Totals = { maintenance: number; violation: number; insurance: number; all: number };

describe('expenses', () => {
  let t: TestApp;
  let admin: string;
  let machines: Awaited<ReturnType<typeof demoMachines>>;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    machines = await demoMachines(t);
    // Start from a machine without the seeded expenses, so totals are exactly what the test adds.
    await t.dbh.db.delete(deviceExpenses).where(eq(deviceExpenses.deviceId, machines.rented.id)).run();
  });
  afterEach(() => t.dbh.close());

  const count = async () =>
    (await t.dbh.db
      .select({ n: sql<number>`count(*)` })
      .from(deviceExpenses)
      .get())!.n;
  const create = (body: Record<string, unknown>, token = admin, lang: 'en_US' | 'zh_CN' = 'en_US') =>
    t.call(deviceRecordEndpoints.createExpense, { token, lang, loose: { body } });
  const list = async (query: Record<string, unknown>, token = admin) => {
    const res = await t.call(deviceRecordEndpoints.expenses, { token, loose: { query: { pageSize: 200, ...query } } });
    expect(res.status, res.message).toBe('200');
    return res.data as { list: ExpenseItem[]; total: number; totals: Totals; editable: boolean };
  };

  it("refuses an expense without host id, amount or type with the spec's message, and keeps nothing", async () => {
    const id = machines.rented.id;
    const full = { deviceId: id, type: 'maintenance', amountCents: 12_050, date: '2026-10-01' };
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...full, deviceId: undefined }, 'deviceId', 'Expense: host id, amount and type required'],
      [{ ...full, amountCents: undefined }, 'amountCents', 'Expense: host id, amount and type required'],
      [{ ...full, type: undefined }, 'type', 'Expense: host id, amount and type required'],
      [{ ...full, type: 'fuel' }, 'type', 'Expense: host id, amount and type required'],
      [{ ...full, amountCents: 0 }, 'amountCents', 'Enter an amount greater than 0 with at most two decimals'],
      // Money is whole cents: a fraction of a cent is more than two decimals of yuan.
      [{ ...full, amountCents: 1000.5 }, 'amountCents', 'Enter an amount greater than 0 with at most two decimals'],
      [{ ...full, date: '2026-02-30' }, 'date', 'Please choose the date of the expense'],
    ];
    for (const [body, field, text] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe('400');
      expect(res.data.field).toBe(field);
      expect(res.message).toContain(text);
    }
    const zh = await create({ ...full, type: undefined }, admin, 'zh_CN');
    expect(zh.message).toContain('费用：主机编号、金额和类型为必填项');
    expect(await count()).toBe(before);
  });

  it('adds up exactly per type, filters by type and date, and edits and deletes', async () => {
    const id = machines.rented.id;
    for (const [type, amountCents, date] of [
      ['maintenance', 10_010, '2026-09-01'],
      ['maintenance', 20_020, '2026-10-01'],
      ['insurance', 10, '2026-10-02'],
      ['violation', 20, '2026-10-03'],
    ] as const) {
      expect((await create({ deviceId: id, type, amountCents, date })).status).toBe('200');
    }
    const all = await list({ deviceId: id });
    expect(all.total).toBe(4);
    expect(all.totals).toEqual({ maintenance: 30_030, violation: 20, insurance: 10, all: 30_060 });
    expect(all.list.map((e) => e.date)).toEqual(['2026-10-03', '2026-10-02', '2026-10-01', '2026-09-01']);
    // The type filter narrows the list; the totals still show every type of the filter.
    const maintenance = await list({ deviceId: id, type: 'maintenance' });
    expect(maintenance.list.map((e) => e.amountCents)).toEqual([20_020, 10_010]);
    expect(maintenance.totals.all).toBe(30_060);
    const october = await list({ deviceId: id, from: '2026-10-01', to: '2026-10-02' });
    expect(october.list.map((e) => e.type)).toEqual(['insurance', 'maintenance']);
    expect(october.totals).toEqual({ maintenance: 20_020, violation: 0, insurance: 10, all: 20_030 });

    const target = maintenance.list[0]!;
    const edited = await t.call(deviceRecordEndpoints.updateExpense, {
      token: admin,
      body: { id: target.id, deviceId: id, type: 'violation', amountCents: 5_000, date: '2026-10-05', remark: 'fine' },
    });
    expect(edited.status, edited.message).toBe('200');
    const deleted = await t.call(deviceRecordEndpoints.deleteExpense, { token: admin, body: { id: all.list[3]!.id } });
    expect(deleted.status).toBe('200');
    const after = await list({ deviceId: id });
    expect(after.totals).toEqual({ maintenance: 0, violation: 5_020, insurance: 10, all: 5_030 });
    expect(after.list.find((e) => e.id === target.id)).toMatchObject({ remark: 'fine', type: 'violation' });
  });

  it("lists the expenses of the user's own machines only, across machines, for the finance views", async () => {
    const mine = (await t.dbh.db
      .select({ n: sql<number>`count(*)` })
      .from(deviceExpenses)
      .where(eq(deviceExpenses.orgId, machines.lessor))
      .get())!.n;
    const lessor = await list({});
    expect(lessor.total).toBe(mine);
    expect(lessor.total).toBeGreaterThan(0);
    const page2 = await list({ page: 2, pageSize: 5 });
    expect(page2.list).toHaveLength(5);
    // The keyword finds a machine's expenses by its serial number (the first listed machine has some).
    const serial = lessor.list[0]!.serialNumber;
    const bySerial = await list({ keyword: serial });
    await expectEvery(bySerial.list, (e) => e.serialNumber === serial);
    // The operator's finance staff read every company's expenses.
    expect((await list({}, await t.tokenFor(ROLE.finance))).total).toBe(await count());
    const finance = await create(
      { deviceId: machines.rented.id, type: 'insurance', amountCents: 100, date: '2026-10-01' },
      await t.tokenFor(ROLE.finance),
    );
    expect(finance.status).toBe('403');
  });

  it("keeps an owner's costs from its customers, distributors and other companies", async () => {
    const id = machines.rented.id;
    const created = await create({ deviceId: id, type: 'maintenance', amountCents: 9_900, date: '2026-10-01' });
    const expenseId = created.data.id as number;
    for (const role of [ROLE.other, ROLE.distributor, ROLE.technician]) {
      const res = await t.call(deviceRecordEndpoints.expenses, {
        token: await t.tokenFor(role),
        query: { deviceId: id },
      });
      expect(res.status, `role ${role}`).toBe('403');
    }
    const foreign = machines.foreign;
    await t.dbh.db
      .insert(deviceExpenses)
      .values({ deviceId: foreign.id, orgId: foreign.orgId, type: 'insurance', amountCents: 100, date: '2026-10-01' })
      .run();
    expect((await list({ deviceId: foreign.id })).total).toBe(0);
    expect((await list({ deviceId: foreign.id }, await t.tokenFor(ROLE.companyAdmin))).total).toBeGreaterThan(0);
    const foreignCreate = await create({
      deviceId: machines.foreign.id,
      type: 'maintenance',
      amountCents: 100,
      date: '2026-10-01',
    });
    expect(foreignCreate.status).toBe('404');
    // The lessor's salesperson reads but does not change.
    const sales = await t.tokenFor(ROLE.lessorSales);
    expect((await list({ deviceId: id }, sales)).list.map((e) => [e.id, e.editable])).toEqual([[expenseId, false]]);
    const salesDelete = await t.call(deviceRecordEndpoints.deleteExpense, { token: sales, body: { id: expenseId } });
    expect(salesDelete.status).toBe('403');
  });
});
