import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import type { MqttClient } from 'mqtt';
import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_THRESHOLDS } from '@console/contract/codes/alarms';
import { ROLE } from '@console/contract/codes/roles';
import { alarmRuleEndpoints } from '@console/contract/http/alarm-rules';
import { openDb, type DbHandle } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { devices, telemetry } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import { eventually, startServerProcess, type ServerRun } from '../../fixtures/server-process.ts';
import { connectMachine, platformReport, publishReport, smallSeededFile } from '../ingest/helpers.ts';

/** This suite's ports. */
const PORTS = { first: 19050, last: 19079 };

/**
 * The server as it runs (ingest on a thread of its own, docs/decisions/017): a rule saved on the API's thread judges
 * the very next report, sent the moment the save answers. Ingest's thread keeps the rules in memory; the save must
 * have made that copy stale before it answers, not merely told the thread to drop it (decision 080).
 */
describe('an alarm rule saved while the server runs', () => {
  let dir = '';
  let server: ServerRun | null = null;
  let client: MqttClient | null = null;
  let dbh: DbHandle | null = null;
  afterAll(async () => {
    await client?.endAsync(true);
    await server?.stop();
    dbh?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('judges the report sent right after the answer by the rule just saved, every time', async () => {
    const seeded = await smallSeededFile();
    dir = seeded.dir;
    dbh = openDb(seeded.file, { migrate: false });
    const db = dbh.db;
    const admin = (await db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
      .get())!;
    const token = await createSession(db, admin.id, 'console', '127.0.0.1', Date.now() + 3600_000);
    const machine = (await db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, admin.orgId), eq(devices.kind, 'aerialPlatform'), eq(devices.alarmOpen, false)))
      .get())!;
    server = await startServerProcess({
      dbFile: seeded.file,
      range: PORTS,
      env: { WATCHDOG_S: '0', INGEST_FLUSH_MS: '20' },
    });
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${server!.api}${path}`, {
        method: 'POST',
        headers: { token, lang: 'en_US', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { status: string; message: string };
    };
    client = await connectMachine(server.brokerUrl, machine.serialNumber);

    const reports = async () =>
      (await db.select().from(telemetry).where(eq(telemetry.deviceId, machine.id)).all()).length;
    const openTilt = async () =>
      (
        await db
          .select()
          .from(alarms)
          .where(and(eq(alarms.deviceId, machine.id), eq(alarms.type, 'tilt'), isNull(alarms.endedAt)))
          .all()
      ).map((a) => [a.value, a.threshold]);

    // 10° alarms under an 8° rule and not under the default 14° one (nor within its hysteresis): each save flips
    // what the same reading means, and the report after it must say so.
    let clock = Math.max(Date.now() - 60_000, machine.lastDeviceTime?.getTime() ?? 0);
    for (let round = 0; round < 6; round++) {
      const tightened = round % 2 === 0;
      const orgKind = { orgId: admin.orgId, kind: 'aerialPlatform' };
      const saved = tightened
        ? await api(alarmRuleEndpoints.save.path, { ...orgKind, ...DEFAULT_THRESHOLDS, tiltDeg: 8 })
        : await api(alarmRuleEndpoints.reset.path, orgKind);
      const before = await reports();
      await publishReport(client, machine.serialNumber, platformReport((clock += 1000), { tiltDeg: 10 }));
      expect(saved.status, saved.message).toBe('200');
      await eventually('the report to be stored', async () => (await reports()) === before + 1);
      expect(await openTilt(), `round ${round}`).toEqual(tightened ? [[10, 8]] : []);
    }
  }, 180_000);
});
