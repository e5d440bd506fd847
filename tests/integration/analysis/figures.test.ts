import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { analysisEndpoints } from '@console/contract/http/analysis';
import { eq } from 'drizzle-orm';
import { dailyWork } from '@console/db/schema/analysis';
import { devices } from '@console/db/schema/devices';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The analysis endpoints' figures against daily work rows the test writes (a month long past, where the seed wrote
 * nothing), for each side of the scope: the operator's staff, a rental company, its customer.
 */

type Db = TestApp['dbh']['db'];
interface Row {
  deviceId: number;
  day: string;
  hours: number;
  volume?: number;
  lifts?: number;
  customer?: number | null;
}

/** The contract of a machine's latest lease period, if it has one. */
const leaseOf = async (db: Db, deviceId: number) =>
  (
    await rowOf<{ c: number }>(
      db,
      'SELECT contract_id c FROM lease_periods WHERE device_id = ? ORDER BY start_on DESC, id DESC LIMIT 1',
      deviceId,
    )
  )?.c ?? null;

async function write(db: Db, rows: Row[]) {
  for (const r of rows) {
    const machine = (await db.select().from(devices).where(eq(devices.id, r.deviceId)).get())!;
    const customer = r.customer === undefined ? machine.customerOrgId : r.customer;
    // A day with a customer is worked under the lease the machine is on with it.
    const contract = customer === null ? null : await leaseOf(db, r.deviceId);
    await db
      .insert(dailyWork)
      .values({
        deviceId: machine.id,
        day: r.day,
        timeZone: 'Asia/Shanghai',
        kind: machine.kind,
        ownerOrgId: machine.orgId,
        customerOrgId: customer,
        contractId: contract,
        distributorOrgId: machine.distributorOrgId,
        hoursWorked: r.hours,
        hoursPowered: r.hours + 1,
        volumeM3: r.volume ?? 0,
        lifts: r.lifts ?? 0,
        reports: 100,
      })
      .run();
  }
}

describe('work analysis figures', () => {
  let t: TestApp;
  let db: Db;
  let huadong: number;
  let customer: number;
  /** A Huadong pump rented by the customer of role 11, a Huadong machine of the same kind in stock, a Pearl River one. */
  let rented: number;
  let stock: number;
  let foreign: number;
  let kind: string;
  const period = { from: '2020-03-01', to: '2020-03-10' };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.dbh.db;
    const org = async (role: number) =>
      (await rowOf<{ o: number }>(db, 'SELECT org_id o FROM users WHERE id = ?', await t.userId(role as never)))!.o;
    huadong = await org(ROLE.lessorAdmin);
    customer = await org(ROLE.other);
    const pick = async (where: string, ...args: unknown[]) =>
      (await rowOf<{ id: number; kind: string }>(
        db,
        `SELECT id, kind FROM devices WHERE ${where} ORDER BY id LIMIT 1`,
        ...args,
      ))!;
    const r = await pick('customer_org_id = ?', customer);
    rented = r.id;
    kind = r.kind;
    stock = (await pick('org_id = ? AND customer_org_id IS NULL AND kind = ?', huadong, kind)).id;
    foreign = (
      await pick(
        'org_id NOT IN (SELECT id FROM organisations WHERE id = ? OR parent_id = ?) AND kind = ?',
        huadong,
        huadong,
        kind,
      )
    ).id;
    await write(db, [
      { deviceId: rented, day: '2020-03-02', hours: 6, volume: 120, lifts: 10 },
      { deviceId: rented, day: '2020-03-03', hours: 4, volume: 80, lifts: 5 },
      // Powered but not worked: not a day attended.
      { deviceId: rented, day: '2020-03-04', hours: 0 },
      { deviceId: stock, day: '2020-03-09', hours: 2.5, volume: 30, lifts: 2 },
      { deviceId: foreign, day: '2020-03-02', hours: 8, volume: 500, lifts: 40 },
    ]);
  });
  afterAll(() => t.dbh.close());

  const machinesOfKind = async (where: string, ...args: unknown[]) =>
    (await rowOf<{ n: number }>(db, `SELECT count(*) n FROM devices WHERE kind = ? AND (${where})`, kind, ...args))!.n;

  it('sums hours and utilisation over the machines each side sees', async () => {
    const operator = await t.call(analysisEndpoints.summary, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { ...period, kind: kind as never },
    });
    expect(operator.status).toBe('200');
    expect(operator.data.hoursWorked).toBe(20.5);
    expect(operator.data.machines).toBe(await machinesOfKind('true'));
    expect(operator.data.working + operator.data.idle + operator.data.offline).toBe(operator.data.machines);
    expect(operator.data.utilisationPct).toBe(Math.round((20.5 / (operator.data.machines * 24 * 10)) * 1000) / 10);
    expect(operator.data.byDay.find((d) => d.date === '2020-03-02')).toEqual({
      date: '2020-03-02',
      hoursWorked: 14,
      attended: 2,
    });
    expect(operator.data.byDay).toHaveLength(10);

    const lessor = await t.call(analysisEndpoints.summary, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { ...period, kind: kind as never },
    });
    expect(lessor.data.hoursWorked).toBe(12.5);
    expect(lessor.data.machines).toBe(await machinesOfKind('org_id = ? OR customer_org_id = ?', huadong, huadong));
    expect(lessor.data.byOrg.find((o) => o.orgId === customer)?.hoursWorked).toBe(10);
    expect(lessor.data.organisations.map((o) => o.id)).not.toContain(
      (await rowOf<{ o: number }>(db, 'SELECT org_id o FROM devices WHERE id = ?', foreign))!.o,
    );

    const renter = await t.call(analysisEndpoints.summary, { token: await t.tokenFor(ROLE.other), query: period });
    expect(renter.data.hoursWorked).toBe(10);
    expect(renter.data.byKind.find((k) => k.kind === kind)).toMatchObject({
      hoursWorked: 10,
      machines: await machinesOfKind('customer_org_id = ?', customer),
    });
    expect(renter.data.byKind.filter((k) => k.kind !== kind).every((k) => k.hoursWorked === 0)).toBe(true);
  });

  it('filters by organisation', async () => {
    const operator = await t.call(analysisEndpoints.summary, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { ...period, kind: kind as never, orgId: customer },
    });
    expect(operator.data.hoursWorked).toBe(10);
  });

  it('counts days attended in a month, the heat map and the idle machines', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const month = await t.call(analysisEndpoints.attendance, {
      token,
      query: { month: '2020-03', kind: kind as never, idleDays: 5 },
    });
    expect(month.data.period).toEqual({ from: '2020-03-01', to: '2020-03-31', days: 31 });
    expect(month.data.calendar).toHaveLength(31);
    expect(month.data.calendar.filter((d) => d.attended > 0).map((d) => [d.date, d.attended])).toEqual([
      ['2020-03-02', 1],
      ['2020-03-03', 1],
      ['2020-03-09', 1],
    ]);
    expect(month.data.attendedMachines).toBe(2);
    // Every machine of the kind is idle for 5 days or more by the 31st, the ones that worked on the 3rd and 9th too.
    expect(month.data.idleMachines).toBe(month.data.machines);
    expect(month.data.customers.find((c) => c.orgId === customer)?.daysAttended).toBe(2);

    const rows = await t.call(analysisEndpoints.attendanceMachines, {
      token,
      query: { month: '2020-03', kind: kind as never, sortField: 'daysAttended', sortOrder: 'descend', pageSize: 2 },
    });
    expect(rows.data.total).toBe(month.data.machines);
    expect(rows.data.list[0]).toMatchObject({
      deviceId: rented,
      daysAttended: 2,
      hoursWorked: 10,
      lastWorkedOn: '2020-03-03',
      idleDays: 28,
      attendedDays: [2, 3],
    });
    expect(rows.data.list[1]).toMatchObject({ deviceId: stock, daysAttended: 1, attendedDays: [9] });
    expect(rows.data.list).toHaveLength(2);
  });

  it('sums output per kind, site and week', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const weeks = await t.call(analysisEndpoints.construction, {
      token,
      query: { ...period, kind: kind as never, granularity: 'week' },
    });
    expect(weeks.status).toBe('200');
    expect(weeks.data.totals).toMatchObject({ hoursWorked: 12.5, volumeM3: 230, lifts: 17, machines: 2 });
    // 2020-03-01 was a Sunday: weeks start on Monday 24 Feb, 2 Mar and 9 Mar.
    expect(weeks.data.series.map((p) => [p.period, p.volumeM3])).toEqual([
      ['2020-02-24', 0],
      ['2020-03-02', 200],
      ['2020-03-09', 30],
    ]);
    // The rented pump's days at its lease's site, the stock machine's in no lease's.
    const site = await leaseOf(db, rented);
    expect(site).not.toBeNull();
    expect(weeks.data.bySite.find((x) => x.siteId === site)).toMatchObject({ volumeM3: 200, machines: 1 });
    expect(weeks.data.bySite.find((x) => x.siteId === 0)).toMatchObject({ volumeM3: 30, machines: 1 });

    const machines = await t.call(analysisEndpoints.constructionMachines, {
      token,
      query: { ...period, kind: kind as never, sortField: 'volumeM3', sortOrder: 'descend' },
    });
    expect(machines.data.list[0]).toMatchObject({ deviceId: rented, volumeM3: 200, lifts: 15, daysWorked: 2 });
    // The row is the contract's: the days the figures were counted from stay on the server.
    expect(machines.data.list[0]).not.toHaveProperty('workedDays');
    expect(machines.data.list[0]).not.toHaveProperty('lastWorkedOn');
    expect(machines.data.list.map((m) => m.deviceId)).not.toContain(foreign);
  });

  it('refuses a reversed or too long period with a message in the language', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const reversed = await t.call(analysisEndpoints.summary, {
      token,
      query: { from: '2020-03-10', to: '2020-03-01' },
    });
    expect(reversed.status).not.toBe('200');
    expect(reversed.data.field).toBe('from');
    expect(reversed.message).toContain('The period must start on or before its end');
    const long = await t.call(analysisEndpoints.construction, {
      token,
      lang: 'zh_CN',
      query: { from: '2019-01-01', to: '2020-03-01' },
    });
    expect(long.message).toContain('统计周期最长 366 天');
    const badDay = await t.call(analysisEndpoints.summary, { token, loose: { query: { from: '2020-02-30' } } });
    expect(badDay.message).toContain('Please enter a valid day');
  });

  it('is not open to technicians nor the data-screen viewer', async () => {
    for (const role of [ROLE.technician, ROLE.screenViewer]) {
      const answer = await t.call(analysisEndpoints.summary, { token: await t.tokenFor(role), query: period });
      expect(answer.status).not.toBe('200');
    }
  });
});
