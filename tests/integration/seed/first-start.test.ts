import { max, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@console/db/client';
import { dailyWork } from '@console/db/schema/analysis';
import { telemetry } from '@console/db/schema/devices';
import { rollUpAllOn } from '@console/server/src/analysis/rollup';
import { seedFirstStart } from '@console/server/src/first-start';
import { emptyDatabase } from '../../fixtures/demo-database.ts';

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * A development server's first start (server/src/main.ts) shows the demo whole from its first request: the seeded
 * machines' telemetry is already folded into their last days, so a past period's figures do not grow while the
 * rollup job catches up.
 */
describe("a demo server's first start", () => {
  let dbh: DbHandle | undefined;
  afterAll(() => dbh?.close());

  it('has every seeded report folded into daily work before it serves', { timeout: 120_000 }, async () => {
    dbh = await emptyDatabase();
    const now = Date.now();
    await seedFirstStart(dbh, { now, devices: 120, historyDevices: 6, historyDays: 3 });
    const reporting = await dbh.db
      .select({ deviceId: telemetry.deviceId, last: max(telemetry.deviceTime) })
      .from(telemetry)
      .groupBy(telemetry.deviceId)
      .all();
    expect(reporting.length).toBe(6);
    // The rollup job's first run finds nothing left to fold.
    const left = await rollUpAllOn(dbh);
    expect(left).toEqual({ telemetry: 0, positions: 0 });
    // Each reporting machine's work reaches its last report's days, not only the seed's days before its telemetry.
    const lastDays = new Map(
      (
        await dbh.db
          .select({ deviceId: dailyWork.deviceId, day: sql<string>`max(${dailyWork.day})` })
          .from(dailyWork)
          .groupBy(dailyWork.deviceId)
          .all()
      ).map((r) => [r.deviceId, r.day]),
    );
    for (const { deviceId, last } of reporting) {
      // A day of the machine's own zone: at most a day behind the report's UTC day.
      const day = lastDays.get(deviceId) ?? 'none';
      expect(Date.parse(day), `machine ${deviceId}'s last day of work, ${day}`).toBeGreaterThanOrEqual(
        Date.parse(isoDay(new Date(last!).getTime() - DAY_MS)),
      );
    }
  });
});
