import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbHandle } from '@console/db/client';
import { telemetry, trackPoints } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { topics } from '@console/contract/mqtt/topics';
import type { Ingest } from '@console/server/src/ingest/ingest';
import {
  addUniqueMachine,
  deviceBySerial,
  platformReport,
  publishReport,
  secretOf,
  smallSeededDatabase,
  startTestIngest,
  waitFor,
} from './helpers.ts';

/** The Mosquitto of this machine: anonymous, default configuration. Other runs share it, so serials are unique. */
const MOSQUITTO = 'mqtt://127.0.0.1:1883';

describe('the same ingest against an external Mosquitto', () => {
  let dbh: DbHandle;
  let ingest: Ingest;
  let serial: string;
  const clients: MqttClient[] = [];
  const retained: string[] = [];
  const refused: { topic: string; reason: string }[] = [];

  beforeAll(async () => {
    dbh = await smallSeededDatabase();
    serial = await addUniqueMachine(dbh, 'aerialPlatform');
    // The server signs in with its account; this Mosquitto allows anyone, so the credentials are just carried.
    ingest = (
      await startTestIngest(dbh, {
        url: MOSQUITTO,
        onReject: (topic, reason) => refused.push({ topic, reason }),
      })
    ).ingest;
    await ingest.ready;
  });
  afterAll(async () => {
    await ingest.stop();
    // Leave no retained status behind in the shared broker.
    const cleaner = await connectAsync(MOSQUITTO, { reconnectPeriod: 0 });
    for (const topic of retained) await cleaner.publishAsync(topic, '', { retain: true, qos: 1 });
    await Promise.all([cleaner, ...clients].map((c) => c.endAsync(true)));
    dbh.close();
  });

  it('stores reports, keeps the latest state and raises alarms from a machine on Mosquitto', async () => {
    const device = await deviceBySerial(dbh, serial);
    const machine = await connectAsync(MOSQUITTO, {
      clientId: serial,
      username: serial,
      password: secretOf(serial),
      reconnectPeriod: 0,
      will: {
        topic: topics.status(serial),
        payload: Buffer.from('{"online":false,"reason":"lost"}'),
        qos: 1,
        retain: true,
      },
    });
    clients.push(machine);
    retained.push(topics.status(serial));
    await machine.publishAsync(topics.status(serial), JSON.stringify({ online: true }), { retain: true, qos: 1 });
    const t = Date.now();
    await publishReport(
      machine,
      serial,
      platformReport(t, { loadPct: 92 }, { lat: -33.87, lng: 151.21, speed: 2, fix: 'gps' }),
    );

    await waitFor('the report', async () => (await deviceBySerial(dbh, serial)).lastDeviceTime?.getTime() === t);
    expect(await deviceBySerial(dbh, serial)).toMatchObject({
      online: true,
      lat: -33.87,
      lng: 151.21,
      status: 8,
      alarmOpen: true,
    });
    expect(await dbh.db.select().from(telemetry).where(eq(telemetry.deviceId, device.id)).all()).toHaveLength(1);
    expect(await dbh.db.select().from(trackPoints).where(eq(trackPoints.deviceId, device.id)).all()).toHaveLength(1);
    const open = await dbh.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.deviceId, device.id), isNull(alarms.endedAt)))
      .all();
    expect(open.map((a) => a.type)).toEqual(['load90']);

    // Mosquitto publishes the last will when the connection drops: the offline alarm opens.
    machine.stream.destroy();
    await waitFor('the last will', async () => !(await deviceBySerial(dbh, serial)).online);
    const types = (
      await dbh.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.deviceId, device.id), isNull(alarms.endedAt)))
        .all()
    )
      .map((a) => a.type)
      .sort();
    expect(types).toEqual(['load90', 'offline']);
  });

  it('refuses an unknown machine and a malformed message on Mosquitto, which lets anyone publish', async () => {
    const stranger = `X${randomBytes(6).toString('hex').toUpperCase()}`;
    const anonymous = await connectAsync(MOSQUITTO, { reconnectPeriod: 0 });
    clients.push(anonymous);
    await publishReport(anonymous, stranger, platformReport(Date.now()));
    await publishReport(anonymous, serial, '{"broken":');
    // Other runs may publish to this broker too: look for these two refusals among whatever else is refused.
    const seen = (topic: string, reason: string) => refused.some((r) => r.topic === topic && r.reason === reason);
    await waitFor(
      'both refusals',
      () => seen(topics.telemetry(stranger), 'unknownDevice') && seen(topics.telemetry(serial), 'json'),
    );
    expect(
      await dbh.db
        .select()
        .from(telemetry)
        .where(eq(telemetry.deviceId, (await deviceBySerial(dbh, serial)).id))
        .all(),
    ).toHaveLength(1);
  });
});
