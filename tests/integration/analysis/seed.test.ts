import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowOf, rowsOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { rollUp } from '../dashboard/helpers.ts';

/**
 * The seeded month of daily work follows the rules of the seed (docs/decisions/026, 037): each output belongs to the
 * machine's kind, worked time fits in powered time, every chart has history, and the machines with telemetry get
 * their last days from the rollup, not from the seed (no day written twice).
 */
describe('the seeded daily work', () => {
  let t: TestApp;
  const all = <T>(sql: string) => rowsOf<T>(t.dbh.db, sql);
  const dayCount = async () => (await rowOf<{ n: number }>(t.dbh.db, 'SELECT count(*) n FROM daily_work'))!.n;
  /** Each machine with telemetry: its last day of daily work, that day's time zone, its first or last report. */
  const lastDays = (report: 'min' | 'max') =>
    all<{ deviceId: number; lastDay: string; zone: string; report: number }>(`
      SELECT w.device_id AS "deviceId", w.day AS "lastDay", w.time_zone AS zone,
        (SELECT ${report}(t.device_time) FROM telemetry t WHERE t.device_id = w.device_id) AS report
      FROM daily_work w WHERE w.device_id IN (SELECT DISTINCT device_id FROM telemetry)
        AND w.day = (SELECT max(x.day) FROM daily_work x WHERE x.device_id = w.device_id)`);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  it('gives each kind only its own output, and never more work than power', async () => {
    const wrong = await all<{ id: number }>(`SELECT id FROM daily_work WHERE
      (volume_m3 > 0 AND kind NOT IN ('concretePump', 'wetSprayer')) OR (area_m2 > 0 AND kind <> 'mower')
      OR (lifts > 0 AND kind NOT IN ('aerialPlatform', 'forklift')) OR (energy_kwh > 0 AND kind <> 'charger')
      OR (cycles > 0 AND kind <> 'battery') OR hours_worked > hours_powered OR hours_powered > 24`);
    expect(wrong).toEqual([]);
    const kinds = await all<{ kind: string; n: number }>(
      'SELECT kind, count(*) n FROM daily_work WHERE hours_worked > 0 GROUP BY kind ORDER BY kind',
    );
    expect(kinds.map((k) => k.kind)).toEqual([
      'aerialPlatform',
      'battery',
      'boat',
      'charger',
      'concretePump',
      'forklift',
      'mower',
      'wetSprayer',
    ]);
    const days = await all<{ day: string }>('SELECT DISTINCT day FROM daily_work');
    expect(days.length).toBeGreaterThanOrEqual(30);
  });

  it('leaves the days of the machines with telemetry to the rollup, which then fills the last week', async () => {
    const seeded = await lastDays('min');
    expect(seeded.length).toBeGreaterThan(0);
    for (const m of seeded) {
      const firstDay = new Intl.DateTimeFormat('en-CA', { timeZone: m.zone }).format(m.report);
      expect(m.lastDay < firstDay, `machine ${m.deviceId}`).toBe(true);
    }
    const before = await dayCount();
    await rollUp(t);
    expect(await dayCount()).toBeGreaterThan(before);
    // Each machine's history now runs to the day of its last report.
    const latest = await lastDays('max');
    for (const m of latest) {
      expect(m.lastDay, `machine ${m.deviceId}`).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: m.zone }).format(m.report),
      );
    }
  });
});
