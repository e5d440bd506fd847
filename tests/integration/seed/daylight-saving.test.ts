import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';
import { emptyDatabase, testEngine } from '../../fixtures/demo-database.ts';
import { seedDemo } from '@console/db/seed/demo';

/**
 * The demo seeded in the first hour of a Sydney day under daylight saving time (13:30 UTC is 00:30 there): counting
 * the year's days back 24 hours at a time named 5 April, the day Sydney's clocks went back, twice, and the seed
 * stopped on the daily work's unique day.
 */
describe('the demo seeded near midnight in a zone with daylight saving time', () => {
  it('completes, with its Sydney machines’ days of work', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-dst-'));
    const handle = testEngine() === 'postgres' ? await emptyDatabase() : openDb(join(dir, 'console.db'));
    try {
      await seedDemo(handle.db, { now: Date.UTC(2026, 11, 3, 13, 30) });
      const zones = await handle.db.all<{ zone: string; days: number }>(
        sql`SELECT time_zone AS "zone", count(DISTINCT day) AS "days" FROM daily_work GROUP BY time_zone`,
      );
      expect(zones.map((z) => z.zone)).toContain('Australia/Sydney');
    } finally {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // The whole demo is seeded: minutes on PostgreSQL on a busy host.
  }, 300_000);
});
