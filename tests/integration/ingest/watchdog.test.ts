import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbHandle } from '@console/db/client';
import { deviceLogs, devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { topics } from '@console/contract/mqtt/topics';
import type { Ingest } from '@console/server/src/ingest/ingest';
import { startIngestRig, type IngestRig } from '../../fixtures/ingest-rig.ts';
import { deviceBySerial, platformReport, publishReport, seededMachine, waitFor } from './helpers.ts';

describe('the silence watchdog', () => {
  let rig: IngestRig;
  let dbh: DbHandle;
  let ingest: Ingest;
  let events: IngestRig['events'];
  let offset = 0;
  const now = () => Date.now() + offset;

  beforeEach(async () => {
    offset = 0;
    rig = await startIngestRig({ now });
    ({ dbh, ingest, events } = rig);
  });
  afterEach(() => rig.stop());

  const reporting = async (skip: number, reportIntervalS = 10) => {
    const seeded = await seededMachine(dbh, 'aerialPlatform', false, skip);
    await dbh.db.update(devices).set({ reportIntervalS }).where(eq(devices.id, seeded.id)).run();
    const client = await rig.machine(seeded.serialNumber);
    await publishReport(client, seeded.serialNumber, platformReport(Date.now()));
    await waitFor('online', async () => (await deviceBySerial(dbh, seeded.serialNumber)).online);
    return { ...seeded, client };
  };
  const openAlarms = async (deviceId: number) =>
    (
      await dbh.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), isNull(alarms.endedAt)))
        .all()
    ).map((a) => a.type);

  it('marks a machine offline with the offline alarm after 3 missed reports, at least 60 s', async () => {
    const fast = await reporting(0, 10);
    const slow = await reporting(1, 30);
    offset = 59_000;
    await ingest.checkSilence();
    expect((await deviceBySerial(dbh, fast.serialNumber)).online).toBe(true);

    offset = 61_000;
    await ingest.checkSilence();
    expect(await deviceBySerial(dbh, fast.serialNumber)).toMatchObject({ online: false, sleeping: false, status: 2 });
    expect(await openAlarms(fast.id)).toEqual(['offline']);
    const logs = await dbh.db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, fast.id)).all();
    expect(logs.map((l) => [l.event, l.detail]).at(-1)).toEqual(['offline', 'silent']);
    expect(events).toContainEqual(expect.objectContaining({ type: 'alarm', deviceId: fast.id, state: 'opened' }));
    // 3 × 30 s for the machine that reports every 30 s.
    expect((await deviceBySerial(dbh, slow.serialNumber)).online).toBe(true);
    offset = 91_000;
    await ingest.checkSilence();
    expect((await deviceBySerial(dbh, slow.serialNumber)).online).toBe(false);
    expect(ingest.stats().silenced).toBeGreaterThanOrEqual(2);

    // Its next report brings it back and ends the alarm.
    await publishReport(fast.client, fast.serialNumber, platformReport(Date.now() + 61_000));
    await waitFor('back online', async () => (await deviceBySerial(dbh, fast.serialNumber)).online);
    expect(await openAlarms(fast.id)).toEqual([]);
  });

  it('leaves a sleeping machine alone and gives every machine time to reconnect after a start', async () => {
    const sleeper = await reporting(2);
    const sleep = JSON.stringify({ online: false, reason: 'sleep', t: Date.now() });
    await sleeper.client.publishAsync(topics.status(sleeper.serialNumber), sleep, { qos: 1, retain: true });
    await waitFor('asleep', async () => (await deviceBySerial(dbh, sleeper.serialNumber)).sleeping);
    // A machine the database holds online since long before ingest started.
    const stale = await seededMachine(dbh, 'aerialPlatform', true);
    await dbh.db
      .update(devices)
      .set({ lastReportAt: new Date(Date.now() - 86_400_000) })
      .where(eq(devices.id, stale.id))
      .run();
    await ingest.checkSilence();
    expect((await deviceBySerial(dbh, stale.serialNumber)).online).toBe(true);

    offset = 10 * 60_000;
    await ingest.checkSilence();
    expect(await deviceBySerial(dbh, sleeper.serialNumber)).toMatchObject({ sleeping: true, online: false });
    expect(await openAlarms(sleeper.id)).toEqual([]);
    expect((await deviceBySerial(dbh, stale.serialNumber)).online).toBe(false);
    expect(await openAlarms(stale.id)).toEqual(['offline']);
  });
});
