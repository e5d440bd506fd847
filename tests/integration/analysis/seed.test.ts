import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpAll } from '@console/server/src/analysis/rollup';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The seeded month of daily work follows the rules of the seed (docs/decisions/026, 037): each output belongs to the
 * machine's kind, worked time fits in powered time, every chart has history, and the machines with telemetry get
 * their last days from the rollup, not from the seed (no day written twice).
 */
describe('the seeded daily work', () => {
  let t: TestApp;
  const all = <T>(sql: string) => t.dbh.sqlite.prepare(sql).all() as T[];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  it('gives each kind only its own output, and never more work than power', () => {
    const wrong = all<{ id: number }>(`SELECT id FROM daily_work WHERE
      (volume_m3 > 0 AND kind NOT IN ('concretePump', 'wetSprayer')) OR (area_m2 > 0 AND kind <> 'mower')
      OR (lifts > 0 AND kind NOT IN ('aerialPlatform', 'forklift')) OR (energy_kwh > 0 AND kind <> 'charger')
      OR (cycles > 0 AND kind <> 'battery') OR hours_worked > hours_powered OR hours_powered > 24`);
    expect(wrong).toEqual([]);
    const kinds = all<{ kind: string; n: number }>(
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
    const days = all<{ day: string }>('SELECT DISTINCT day FROM daily_work');
    expect(days.length).toBeGreaterThanOrEqual(30);
  });

  it('leaves the days of the machines with telemetry to the rollup, which then fills the last week', () => {
    const seeded = all<{ deviceId: number; lastDay: string; zone: string; firstReport: number }>(`
      SELECT w.device_id AS deviceId, max(w.day) AS lastDay, w.time_zone AS zone,
        (SELECT min(t.device_time) FROM telemetry t WHERE t.device_id = w.device_id) AS firstReport
      FROM daily_work w WHERE w.device_id IN (SELECT DISTINCT device_id FROM telemetry) GROUP BY w.device_id`);
    expect(seeded.length).toBeGreaterThan(0);
    for (const m of seeded) {
      const firstDay = new Intl.DateTimeFormat('en-CA', { timeZone: m.zone }).format(m.firstReport);
      expect(m.lastDay < firstDay, `machine ${m.deviceId}`).toBe(true);
    }
    const before = all<{ n: number }>('SELECT count(*) n FROM daily_work')[0]!.n;
    rollUpAll(t.dbh);
    expect(all<{ n: number }>('SELECT count(*) n FROM daily_work')[0]!.n).toBeGreaterThan(before);
    // Each machine's history now runs to the day of its last report.
    const latest = all<{ deviceId: number; lastDay: string; zone: string; lastReport: number }>(`
      SELECT w.device_id AS deviceId, max(w.day) AS lastDay, w.time_zone AS zone,
        (SELECT max(t.device_time) FROM telemetry t WHERE t.device_id = w.device_id) AS lastReport
      FROM daily_work w WHERE w.device_id IN (SELECT DISTINCT device_id FROM telemetry) GROUP BY w.device_id`);
    for (const m of latest) {
      expect(m.lastDay, `machine ${m.deviceId}`).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: m.zone }).format(m.lastReport),
      );
    }
  });
});
