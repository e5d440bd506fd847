import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, gt, isNull, max } from 'drizzle-orm';
import type { DbHandle } from '@console/db/client';
import { deviceLogs, devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { topics } from '@console/contract/mqtt/topics';
import type { Ingest } from '@console/server/src/ingest/ingest';
import { startIngestRig, type IngestRig } from '../../fixtures/ingest-rig.ts';
import { deviceBySerial, platformReport, publishReport, seededMachine, waitFor } from './helpers.ts';

const LOST = JSON.stringify({ online: false, reason: 'lost' });

describe('ingest through the embedded broker', () => {
  let rig: IngestRig;
  let dbh: DbHandle;
  let ingest: Ingest;
  let events: IngestRig['events'];
  /** The last device log entry of the seed: the entries after it are the test's. */
  let seededLogs: number;
  const machine = (serial: string, options = {}) => rig.machine(serial, options);
  const readings = (deviceId: number) => dbh.db.select().from(telemetry).where(eq(telemetry.deviceId, deviceId)).all();
  const tracks = (deviceId: number) =>
    dbh.db.select().from(trackPoints).where(eq(trackPoints.deviceId, deviceId)).all();
  const alarmsOf = (deviceId: number) =>
    dbh.db.select().from(alarms).where(eq(alarms.deviceId, deviceId)).orderBy(alarms.id).all();
  const openAlarmsOf = async (deviceId: number) =>
    (
      await dbh.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), isNull(alarms.endedAt)))
        .all()
    )
      .map((a) => a.type)
      .sort();
  /** What the device log gained during the test (the seed writes a history of its own). */
  const logsOf = async (deviceId: number) =>
    (
      await dbh.db
        .select()
        .from(deviceLogs)
        .where(and(eq(deviceLogs.deviceId, deviceId), gt(deviceLogs.id, seededLogs)))
        .all()
    ).map((l) => [l.event, l.detail]);

  beforeEach(async () => {
    rig = await startIngestRig();
    ({ dbh, ingest, events } = rig);
    seededLogs =
      (
        await dbh.db
          .select({ id: max(deviceLogs.id) })
          .from(deviceLogs)
          .get()
      )?.id ?? 0;
  });
  afterEach(() => rig.stop());

  it("stores a report's telemetry and track point and keeps the machine's latest state", async () => {
    const seeded = await seededMachine(dbh, 'aerialPlatform', false);
    const client = await machine(seeded.serialNumber);
    const t = Date.now() - 1500;
    const report = platformReport(
      t,
      { loadPct: 42, workingHours: 2001.5 },
      { lat: 31.25, lng: 121.5, speed: 4.2, fix: 'gps' },
    );
    await publishReport(client, seeded.serialNumber, report);

    const [row] = await waitFor(
      'the telemetry row',
      async () => (await readings(seeded.id)).length === 1 && (await readings(seeded.id)),
    );
    expect(row!.deviceTime.getTime()).toBe(t);
    expect(row!.data).toEqual(report.data);
    const [track] = await tracks(seeded.id);
    expect(track).toMatchObject({ lat: 31.25, lng: 121.5, speed: 4.2, alarmInfo: '', alarmValue: null });
    expect(track!.gpsTime.getTime()).toBe(t);
    expect(track!.receivedAt.getTime()).toBeGreaterThanOrEqual(t);

    const device = await deviceBySerial(dbh, seeded.serialNumber);
    expect(device).toMatchObject({
      online: true,
      sleeping: false,
      machineOnline: true,
      activity: 'working',
      status: 6,
      lat: 31.25,
      lng: 121.5,
      speed: 4.2,
      signal: 'strong',
      lockLevel: 'unlocked',
      workingHours: 2001.5,
      latest: report.data,
    });
    expect(device.lastDeviceTime!.getTime()).toBe(t);
    expect(Math.abs(device.lastReportAt!.getTime() - Date.now())).toBeLessThan(5000);
    expect(await logsOf(seeded.id)).toEqual([['online', '']]);
    await waitFor('the live device event', () =>
      events.some((e) => e.type === 'device' && e.deviceId === seeded.id && e.status === 6 && e.lat === 31.25),
    );
    expect(ingest.stats()).toMatchObject({ received: 1, stored: 1, connected: true });
  });

  it('opens one alarm per rule that starts to hold and ends it when the rule stops holding', async () => {
    const seeded = await seededMachine(dbh, 'aerialPlatform', true);
    const client = await machine(seeded.serialNumber);
    let t = Date.now();
    const send = async (data: Parameters<typeof platformReport>[1]) => {
      const before = (await readings(seeded.id)).length;
      await publishReport(client, seeded.serialNumber, platformReport((t += 1000), data));
      await waitFor('the report', async () => (await readings(seeded.id)).length === before + 1);
    };

    await send({ loadPct: 85 });
    expect(await openAlarmsOf(seeded.id)).toEqual(['load80']);
    expect(await deviceBySerial(dbh, seeded.serialNumber)).toMatchObject({ alarmOpen: true, status: 8 });

    await send({ loadPct: 95, tiltDeg: 16 });
    expect(await openAlarmsOf(seeded.id)).toEqual(['load90', 'tilt']);
    await send({ loadPct: 96, tiltDeg: 17 });
    expect(await openAlarmsOf(seeded.id)).toEqual(['load90', 'tilt']);

    await send({ loadPct: 30, tiltDeg: 2, batteryPct: 10, faults: ['E12'] });
    expect(await openAlarmsOf(seeded.id)).toEqual(['fault', 'lowBattery']);
    await send({ loadPct: 100 });
    expect(await openAlarmsOf(seeded.id)).toEqual(['load99']);
    await send({});
    expect(await openAlarmsOf(seeded.id)).toEqual([]);
    expect(await deviceBySerial(dbh, seeded.serialNumber)).toMatchObject({ alarmOpen: false, status: 6 });

    const history = (await alarmsOf(seeded.id)).filter((a) => a.startedAt.getTime() > Date.now() - 60_000);
    // The load alarm that lasted from 85 % to 96 % is one alarm, escalated to the 90 % band, at its worst value.
    expect(history.map((a) => [a.type, a.value, a.level])).toEqual([
      ['load90', 96, 2],
      ['tilt', 17, 3],
      ['lowBattery', 10, 1],
      ['fault', null, 2],
      ['load99', 100, 3],
    ]);
    for (const alarm of history) {
      expect(alarm.endedAt!.getTime()).toBeGreaterThan(alarm.startedAt.getTime());
      expect(alarm.projectName).not.toBe('');
      expect(alarm.zoneName).toBe(seeded.location);
    }
    expect(history.find((a) => a.type === 'fault')!.detail).toBe('E12');
    expect(await logsOf(seeded.id)).toContainEqual(['fault', 'E12']);
    const opened = events.filter((e) => e.type === 'alarm' && e.deviceId === seeded.id && e.state === 'opened');
    expect(opened).toHaveLength(5);
  });

  it('keeps a load hovering at the 80 % and 90 % thresholds one alarm, escalated and updated, until it clearly ends', async () => {
    const seeded = await seededMachine(dbh, 'aerialPlatform', true);
    const client = await machine(seeded.serialNumber);
    let t = Date.now();
    const send = async (...loads: number[]) => {
      for (const loadPct of loads) {
        const before = (await readings(seeded.id)).length;
        await publishReport(client, seeded.serialNumber, platformReport((t += 1000), { loadPct }));
        await waitFor('the report', async () => (await readings(seeded.id)).length === before + 1);
      }
    };
    const recent = async () => (await alarmsOf(seeded.id)).filter((a) => a.startedAt.getTime() > Date.now() - 60_000);
    await send(81, 79);
    // Someone acknowledges the 80 % alarm; its escalation asks to be seen again.
    await dbh.db
      .update(alarms)
      .set({ acknowledgedAt: new Date(), acknowledgedBy: 1 })
      .where(eq(alarms.id, (await recent())[0]!.id))
      .run();
    await send(82, 91, 88, 92, 79, 76, 81);
    expect((await recent()).map((a) => [a.type, a.level, a.value, a.threshold, a.endedAt, a.acknowledgedAt])).toEqual([
      ['load90', 2, 92, 90, null, null],
    ]);
    const states = () =>
      events.filter((e) => e.type === 'alarm' && e.deviceId === seeded.id).map((e) => e.type === 'alarm' && e.state);
    expect(states()).toEqual(['opened', 'updated', 'escalated', 'updated']);

    await publishReport(client, seeded.serialNumber, platformReport((t += 1000), { loadPct: 60 }));
    await waitFor('the alarm to end', async () => (await recent())[0]!.endedAt !== null);
    expect(await recent()).toHaveLength(1);
    expect(states()).toEqual(['opened', 'updated', 'escalated', 'updated', 'ended']);
  });

  it("alarms on overspeed above the machine's threshold, and never when the threshold is 0", async () => {
    const watched = await seededMachine(dbh, 'aerialPlatform', true, 1);
    const unwatched = await seededMachine(dbh, 'aerialPlatform', true, 2);
    await dbh.db.update(devices).set({ overspeedKmh: 8 }).where(eq(devices.id, watched.id)).run();
    await dbh.db.update(devices).set({ overspeedKmh: 0 }).where(eq(devices.id, unwatched.id)).run();
    const fast = { lat: 31.2, lng: 121.4, speed: 12.5, fix: 'gps' } as const;
    const client = await machine(watched.serialNumber);
    await publishReport(client, watched.serialNumber, platformReport(Date.now(), { driving: true }, fast));
    const other = await machine(unwatched.serialNumber);
    await publishReport(other, unwatched.serialNumber, platformReport(Date.now(), { driving: true }, fast));
    await waitFor(
      'both reports',
      async () => (await readings(watched.id)).length + (await readings(unwatched.id)).length === 2,
    );
    expect(await openAlarmsOf(watched.id)).toEqual(['overspeed']);
    expect((await alarmsOf(watched.id)).find((a) => a.type === 'overspeed')!.value).toBe(12.5);
    expect(await openAlarmsOf(unwatched.id)).toEqual([]);

    // A report without a position says nothing about speed; a slow one ends the alarm.
    await publishReport(client, watched.serialNumber, platformReport(Date.now() + 1, {}, null));
    await waitFor('the third report', async () => (await readings(watched.id)).length === 2);
    expect(await openAlarmsOf(watched.id)).toEqual(['overspeed']);
    await publishReport(client, watched.serialNumber, platformReport(Date.now() + 2, {}, { ...fast, speed: 5 }));
    await waitFor('the overspeed alarm to end', async () => (await openAlarmsOf(watched.id)).length === 0);
  });

  it('raises the offline alarm when a connection is lost, not when the machine goes to sleep', async () => {
    const seeded = await seededMachine(dbh, 'aerialPlatform', false, 1);
    const serial = seeded.serialNumber;
    const will = { topic: topics.status(serial), payload: Buffer.from(LOST), qos: 1 as const, retain: true };
    const first = await machine(serial, { will });
    await first.publishAsync(topics.status(serial), JSON.stringify({ online: true }), { retain: true, qos: 1 });
    await waitFor('online', async () => (await deviceBySerial(dbh, serial)).online);

    first.stream.destroy();
    await waitFor('offline', async () => !(await deviceBySerial(dbh, serial)).online);
    expect(await openAlarmsOf(seeded.id)).toEqual(['offline']);
    expect(await deviceBySerial(dbh, serial)).toMatchObject({ online: false, sleeping: false, status: 2 });

    const second = await machine(serial, { will });
    await second.publishAsync(topics.status(serial), JSON.stringify({ online: true }), { retain: true, qos: 1 });
    await waitFor('the offline alarm to end', async () => (await openAlarmsOf(seeded.id)).length === 0);
    expect((await deviceBySerial(dbh, serial)).online).toBe(true);

    const sleep = JSON.stringify({ online: false, reason: 'sleep', t: Date.now() });
    await second.publishAsync(topics.status(serial), sleep, { retain: true, qos: 1 });
    await second.endAsync();
    await waitFor('asleep', async () => (await deviceBySerial(dbh, serial)).sleeping);
    expect(await deviceBySerial(dbh, serial)).toMatchObject({ online: false, status: 2 });
    expect(await openAlarmsOf(seeded.id)).toEqual([]);

    const third = await machine(serial, { will });
    await third.publishAsync(topics.status(serial), JSON.stringify({ online: true }), { retain: true, qos: 1 });
    await waitFor(
      'awake',
      async () => !(await deviceBySerial(dbh, serial)).sleeping && (await deviceBySerial(dbh, serial)).online,
    );
    expect(await logsOf(seeded.id)).toEqual([
      ['online', ''],
      ['offline', 'lost'],
      ['online', ''],
      ['sleep', ''],
      ['wake', ''],
    ]);
    expect(
      (await alarmsOf(seeded.id)).filter((a) => a.type === 'offline' && a.startedAt.getTime() > Date.now() - 60_000),
    ).toHaveLength(1);
  });

  it('keeps an older report as history without turning back the latest state', async () => {
    const seeded = await seededMachine(dbh, 'aerialPlatform', true, 3);
    const client = await machine(seeded.serialNumber);
    const now = Date.now();
    await publishReport(client, seeded.serialNumber, platformReport(now, { loadPct: 20 }));
    await publishReport(client, seeded.serialNumber, platformReport(now - 60_000, { loadPct: 97 }));
    await waitFor('both rows', async () => (await readings(seeded.id)).length === 2);
    const device = await deviceBySerial(dbh, seeded.serialNumber);
    expect(device.lastDeviceTime!.getTime()).toBe(now);
    expect((device.latest as { loadPct: number }).loadPct).toBe(20);
    expect(await openAlarmsOf(seeded.id)).toEqual([]);
  });

  it('writes in batches of the configured size and writes what it holds when it stops', async () => {
    await rig.restartIngest({ batchSize: 10, flushMs: 60_000 });
    ingest = rig.ingest;
    const seeded = await seededMachine(dbh, 'aerialPlatform', true, 4);
    const client = await machine(seeded.serialNumber);
    const t = Date.now();
    for (let i = 0; i < 25; i++) await publishReport(client, seeded.serialNumber, platformReport(t + i * 1000));
    // On PostgreSQL a batch is written after the statement returns: the second one may still be on its way.
    await waitFor('two full batches and five waiting', () => ingest.stats().received === 25);
    await waitFor('the second batch written', () => ingest.stats().batches >= 2);
    expect(ingest.stats().buffered).toBe(5);
    expect(ingest.stats()).toMatchObject({ stored: 20, batches: 2 });
    await ingest.stop();
    expect(await readings(seeded.id)).toHaveLength(25);
    expect(ingest.stats()).toMatchObject({ stored: 25, batches: 3, buffered: 0 });
  });
});
