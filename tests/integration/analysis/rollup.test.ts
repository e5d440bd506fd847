import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KindData } from '@console/contract/mqtt/payloads';
import { readStoredData, storedData } from '@console/contract/mqtt/stored-data';
import { rowOf, rowsOf, runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { rollUp, rollUpOneChunk } from '../dashboard/helpers.ts';

/**
 * The rollup job's promise (docs/decisions/037-daily-work.md): the days it writes do not depend on how the telemetry
 * was cut into chunks, a crash inside a chunk changes nothing (the watermark moves with the rows), and a second run
 * over the same rows adds nothing.
 */

type DayRow = Record<string, number | string>;
/** The days of daily work (`where` narrows them), rounded as numeric: PostgreSQL rounds no double precision. */
const days = (t: TestApp, where = '') =>
  rowsOf<DayRow>(
    t.dbh.db,
    `SELECT device_id, day, round(CAST(hours_worked AS numeric), 6) hw, round(CAST(hours_powered AS numeric), 6) hp,
       round(CAST(distance_km AS numeric), 6) km, round(CAST(volume_m3 AS numeric), 6) m3,
       round(CAST(area_m2 AS numeric), 6) m2, lifts, round(CAST(energy_kwh AS numeric), 6) kwh, cycles, reports
     FROM daily_work ${where} ORDER BY device_id, day`,
  );
/** The days of the machines with seeded telemetry: those the rollup writes. */
const rolled = (t: TestApp) => days(t, 'WHERE device_id <= 24');
/** The same days, each figure equal to a millionth (sums in another order differ in their last bits). */
function expectSameDays(actual: DayRow[], expected: DayRow[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((row, i) => {
    const want = expected[i]!;
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === 'number')
        expect(value, `${want.device_id} ${want.day} ${key}`).toBeCloseTo(want[key] as number, 5);
      else expect(value).toBe(want[key]);
    }
  });
}
const watermark = (t: TestApp) => rowsOf(t.dbh.db, 'SELECT name, last_id FROM rollup_watermarks ORDER BY name');

/**
 * `count` apps of their own for each test of the block, made before it (on PostgreSQL the first clone of a run may
 * wait for the demo's seeding, a hook's work) and closed after it.
 */
function appsForEachTest(count: number): TestApp[] {
  const apps: TestApp[] = [];
  beforeEach(async () => {
    for (let i = 0; i < count; i++) {
      const a = await createTestApp();
      apps.push(a);
      // The seeded month before the telemetry is the seed's, not the rollup's: compare only what the rollup writes.
      await runOf(a.dbh.db, 'DELETE FROM daily_work WHERE device_id IN (SELECT DISTINCT device_id FROM telemetry)');
    }
  });
  afterEach(() => apps.splice(0).forEach((a) => a.dbh.close()));
  return apps;
}

describe('the daily work rollup, on two databases alike', () => {
  const apps = appsForEachTest(2);

  it('folds the seeded telemetry into the same days whatever the chunk size', async () => {
    const [whole, chunked] = apps as [TestApp, TestApp];
    const a = await rollUp(whole, { chunk: 1_000_000 });
    const b = await rollUp(chunked, { chunk: 137 });
    expect(a.telemetry).toBeGreaterThan(1000);
    expect(b).toEqual(a);
    expectSameDays(await rolled(chunked), await rolled(whole));
    const worked = (await rolled(whole)) as { hw: number; hp: number; reports: number }[];
    expect(worked.some((d) => d.hw > 0)).toBe(true);
    // Worked time is never more than the time the machine was reporting.
    expect(worked.every((d) => d.hw <= d.hp + 1e-6 || d.reports < 3)).toBe(true);
  });

  it('changes nothing when a chunk fails before its commit, and repeats nothing when run again', async () => {
    const [reference, crashed] = apps as [TestApp, TestApp];
    await rollUp(reference, { chunk: 500 });
    await rollUpOneChunk(crashed, { chunk: 500 });
    const before = { days: await days(crashed), marks: await watermark(crashed) };
    await expect(
      rollUpOneChunk(crashed, {
        chunk: 500,
        beforeCommit: () => {
          throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(await days(crashed)).toEqual(before.days);
    expect(await watermark(crashed)).toEqual(before.marks);
    await rollUp(crashed, { chunk: 500 });
    // Same chunks as the reference: the same sums to the bit.
    expect(await rolled(crashed)).toEqual(await rolled(reference));
    // Caught up: another run reads nothing and adds nothing.
    expect(await rollUp(crashed, { chunk: 500 })).toEqual({ telemetry: 0, positions: 0 });
    expect(await rolled(crashed)).toEqual(await rolled(reference));
  });
});

describe('the daily work rollup, on one database', () => {
  const apps = appsForEachTest(1);

  it('continues a machine across runs from its cursor: new reports add only their own time', async () => {
    const [t] = apps as [TestApp];
    await rollUp(t);
    const { db } = t.dbh;
    const last = (await rowOf<{ at: number; data: string }>(
      db,
      'SELECT device_time AS at, data FROM telemetry WHERE device_id = 1 ORDER BY device_time DESC LIMIT 1',
    ))!;
    const data = readStoredData(last.data) as KindData & { workingHours?: number; engineHours?: number };
    const meter = data.workingHours !== undefined ? 'workingHours' : 'engineHours';
    const start = data[meter]!;
    const totals = async () =>
      (await rowOf<{ worked: number; powered: number }>(
        db,
        'SELECT sum(hours_worked) AS worked, sum(hours_powered) AS powered FROM daily_work WHERE device_id = 1',
      ))!;
    const before = await totals();
    // Two more reports a minute apart, the meter advancing one minute each.
    for (const i of [1, 2])
      await runOf(
        db,
        'INSERT INTO telemetry (device_id, device_time, received_at, data) VALUES (1, ?, ?, ?)',
        last.at + i * 60_000,
        last.at + i * 60_000,
        storedData({ ...data, [meter]: start + i / 60 }),
      );
    expect((await rollUp(t)).telemetry).toBe(2);
    // The first new report folds against the last old one (kept in the cursor): two minutes, worked and powered.
    const after = await totals();
    expect(after.powered - before.powered).toBeCloseTo(2 / 60, 9);
    expect(after.worked - before.worked).toBeCloseTo(2 / 60, 9);
  });

  it('names the contract of the lease the machine was on that day', async () => {
    const [t] = apps as [TestApp];
    const { db } = t.dbh;
    const machine = (await rowOf<{ id: number; org: number }>(
      db,
      'SELECT id, org_id AS org FROM devices WHERE id = 2',
    ))!;
    const days = (await rowOf<{ first: number; last: number }>(
      db,
      'SELECT min(device_time) AS first, max(device_time) AS last FROM telemetry WHERE device_id = 2',
    ))!;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // On lease from the day after its first report (UTC, a day's margin either side of any zone) to the end.
    const startOn = day(days.first + 2 * 86_400_000);
    await runOf(
      db,
      `INSERT INTO lease_periods (lessor_org_id, contract_id, line_id, device_id, renter_org_id, start_on, planned_end_on)
       VALUES (?, 4242, 1, 2, ?, ?, '2099-12-31')`,
      machine.org,
      machine.org,
      startOn,
    );
    await rollUp(t);
    const rows = await rowsOf<{ day: string; contractId: number | null }>(
      db,
      'SELECT day, contract_id AS "contractId" FROM daily_work WHERE device_id = 2 ORDER BY day',
    );
    expect(rows.filter((r) => r.day >= startOn).every((r) => r.contractId === 4242)).toBe(true);
    expect(rows.filter((r) => r.day < startOn).every((r) => r.contractId === null)).toBe(true);
    expect(rows.some((r) => r.contractId === 4242)).toBe(true);
  });
});
