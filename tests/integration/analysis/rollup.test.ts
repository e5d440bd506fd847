import { afterEach, describe, expect, it } from 'vitest';
import { rollUpAll, rollUpChunk } from '@console/server/src/analysis/rollup';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The rollup job's promise (docs/decisions/037-daily-work.md): the days it writes do not depend on how the telemetry
 * was cut into chunks, a crash inside a chunk changes nothing (the watermark moves with the rows), and a second run
 * over the same rows adds nothing.
 */

type Sqlite = TestApp['dbh']['sqlite'];
const days = (s: Sqlite) =>
  s
    .prepare(
      `SELECT device_id, day, round(hours_worked, 6) hw, round(hours_powered, 6) hp, round(distance_km, 6) km,
         round(volume_m3, 6) m3, round(area_m2, 6) m2, lifts, round(energy_kwh, 6) kwh, cycles, reports
       FROM daily_work ORDER BY device_id, day`,
    )
    .all();
const rolled = (s: Sqlite) => days(s).filter((r) => (r as { device_id: number }).device_id <= 24);
/** The same days, each figure equal to a millionth (sums in another order differ in their last bits). */
function expectSameDays(actual: unknown[], expected: unknown[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((row, i) => {
    const want = expected[i] as Record<string, number | string>;
    for (const [key, value] of Object.entries(row as Record<string, number | string>)) {
      if (typeof value === 'number')
        expect(value, `${want.device_id} ${want.day} ${key}`).toBeCloseTo(want[key] as number, 5);
      else expect(value).toBe(want[key]);
    }
  });
}
const watermark = (s: Sqlite) => s.prepare('SELECT name, last_id FROM rollup_watermarks ORDER BY name').all();

describe('the daily work rollup', () => {
  const apps: TestApp[] = [];
  afterEach(() => apps.splice(0).forEach((a) => a.dbh.close()));
  const app = async () => {
    const a = await createTestApp();
    apps.push(a);
    // The seeded month before the telemetry is the seed's, not the rollup's: compare only what the rollup writes.
    a.dbh.sqlite.prepare('DELETE FROM daily_work WHERE device_id IN (SELECT DISTINCT device_id FROM telemetry)').run();
    return a;
  };

  it('folds the seeded telemetry into the same days whatever the chunk size', async () => {
    const whole = await app();
    const chunked = await app();
    const a = rollUpAll(whole.dbh, { chunk: 1_000_000 });
    const b = rollUpAll(chunked.dbh, { chunk: 137 });
    expect(a.telemetry).toBeGreaterThan(1000);
    expect(b).toEqual(a);
    expectSameDays(rolled(chunked.dbh.sqlite), rolled(whole.dbh.sqlite));
    const worked = rolled(whole.dbh.sqlite) as { hw: number; hp: number; reports: number }[];
    expect(worked.some((d) => d.hw > 0)).toBe(true);
    // Worked time is never more than the time the machine was reporting.
    expect(worked.every((d) => d.hw <= d.hp + 1e-6 || d.reports < 3)).toBe(true);
  });

  it('changes nothing when a chunk fails before its commit, and repeats nothing when run again', async () => {
    const reference = await app();
    rollUpAll(reference.dbh, { chunk: 500 });
    const crashed = await app();
    rollUpChunk(crashed.dbh, { chunk: 500 });
    const before = { days: days(crashed.dbh.sqlite), marks: watermark(crashed.dbh.sqlite) };
    expect(() =>
      rollUpChunk(crashed.dbh, {
        chunk: 500,
        beforeCommit: () => {
          throw new Error('power cut');
        },
      }),
    ).toThrow('power cut');
    expect(days(crashed.dbh.sqlite)).toEqual(before.days);
    expect(watermark(crashed.dbh.sqlite)).toEqual(before.marks);
    rollUpAll(crashed.dbh, { chunk: 500 });
    // Same chunks as the reference: the same sums to the bit.
    expect(rolled(crashed.dbh.sqlite)).toEqual(rolled(reference.dbh.sqlite));
    // Caught up: another run reads nothing and adds nothing.
    expect(rollUpAll(crashed.dbh, { chunk: 500 })).toEqual({ telemetry: 0, positions: 0 });
    expect(rolled(crashed.dbh.sqlite)).toEqual(rolled(reference.dbh.sqlite));
  });

  it('continues a machine across runs from its cursor: new reports add only their own time', async () => {
    const t = await app();
    rollUpAll(t.dbh);
    const s = t.dbh.sqlite;
    const last = s
      .prepare(`SELECT device_time AS at, data FROM telemetry WHERE device_id = 1 ORDER BY device_time DESC LIMIT 1`)
      .get() as { at: number; data: string };
    const data = JSON.parse(last.data) as { workingHours?: number; engineHours?: number };
    const meter = data.workingHours !== undefined ? 'workingHours' : 'engineHours';
    const start = data[meter]!;
    const totals = () =>
      s
        .prepare(
          'SELECT sum(hours_worked) AS worked, sum(hours_powered) AS powered FROM daily_work WHERE device_id = 1',
        )
        .get() as {
        worked: number;
        powered: number;
      };
    const before = totals();
    // Two more reports a minute apart, the meter advancing one minute each.
    const insert = s.prepare('INSERT INTO telemetry (device_id, device_time, received_at, data) VALUES (1, ?, ?, ?)');
    for (const i of [1, 2])
      insert.run(last.at + i * 60_000, last.at + i * 60_000, JSON.stringify({ ...data, [meter]: start + i / 60 }));
    expect(rollUpAll(t.dbh).telemetry).toBe(2);
    // The first new report folds against the last old one (kept in the cursor): two minutes, worked and powered.
    const after = totals();
    expect(after.powered - before.powered).toBeCloseTo(2 / 60, 9);
    expect(after.worked - before.worked).toBeCloseTo(2 / 60, 9);
  });

  it('names the contract of the lease the machine was on that day', async () => {
    const t = await app();
    const s = t.dbh.sqlite;
    const machine = s.prepare('SELECT id, org_id AS org FROM devices WHERE id = 2').get() as {
      id: number;
      org: number;
    };
    const days = s
      .prepare('SELECT min(device_time) AS first, max(device_time) AS last FROM telemetry WHERE device_id = 2')
      .get() as {
      first: number;
      last: number;
    };
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // On lease from the day after its first report (UTC, a day's margin either side of any zone) to the end.
    const startOn = day(days.first + 2 * 86_400_000);
    s.prepare(
      `INSERT INTO lease_periods (lessor_org_id, contract_id, line_id, device_id, renter_org_id, start_on, planned_end_on)
       VALUES (?, 4242, 1, 2, ?, ?, '2099-12-31')`,
    ).run(machine.org, machine.org, startOn);
    rollUpAll(t.dbh);
    const rows = s
      .prepare('SELECT day, contract_id AS contractId FROM daily_work WHERE device_id = 2 ORDER BY day')
      .all() as {
      day: string;
      contractId: number | null;
    }[];
    expect(rows.filter((r) => r.day >= startOn).every((r) => r.contractId === 4242)).toBe(true);
    expect(rows.filter((r) => r.day < startOn).every((r) => r.contractId === null)).toBe(true);
    expect(rows.some((r) => r.contractId === 4242)).toBe(true);
  });
});
