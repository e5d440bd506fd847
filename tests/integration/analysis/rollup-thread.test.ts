import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, isNotNull, max } from 'drizzle-orm';
import { openDb } from '@console/db/client';
import { rollupWatermarks, workCursors } from '@console/db/schema/analysis';
import { devices, telemetry } from '@console/db/schema/devices';
import { seedDemo } from '@console/db/seed/demo';
import { eventually, startServerProcess } from '../../fixtures/server-process.ts';
import type { KindData } from '@console/contract/mqtt/payloads';

/** This suite's ports. */
const PORTS = { first: 18850, last: 18899 };

describe("the running server's daily work rollup", () => {
  const dir = mkdtempSync(join(tmpdir(), 'rollup-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('folds the reports into the days on its own thread as the server starts, and stops with the server', async () => {
    const file = join(dir, 'console.db');
    const dbh = openDb(file);
    await seedDemo(dbh.db, { devices: 50, historyDevices: 0 });
    // A machine's hour meter ran half an hour, in reports the rollup has not read yet.
    const machine = (await dbh.db.select().from(devices).where(isNotNull(devices.latest)).get())!;
    const start = Date.now() - 3 * 3600_000;
    const reports = [0, 15, 30].map((minute) => ({
      deviceId: machine.id,
      deviceTime: new Date(start + minute * 60_000),
      receivedAt: new Date(start + minute * 60_000),
      data: { ...(machine.latest as KindData), workingHours: 100 + minute / 60 } as KindData,
    }));
    await dbh.db.insert(telemetry).values(reports).run();
    const newest = (await dbh.db
      .select({ id: max(telemetry.id) })
      .from(telemetry)
      .get())!.id!;
    const server = await startServerProcess({ dbFile: file, range: PORTS });
    try {
      await eventually('the rollup to read the new reports', async () => {
        const mark = await dbh.db.select().from(rollupWatermarks).where(eq(rollupWatermarks.name, 'telemetry')).get();
        return (mark?.lastId ?? 0) >= newest;
      });
      // Folded up to the machine's last report of them.
      const cursor = await dbh.db.select().from(workCursors).where(eq(workCursors.deviceId, machine.id)).get();
      expect(cursor?.telemetryAt).toBe(start + 30 * 60_000);
    } finally {
      await server.stop();
    }
    expect(server.child.exitCode).toBe(0);
    expect(server.output.join('')).not.toMatch(/rollup (thread )?failed/);
    dbh.close();
  }, 90_000);
});
