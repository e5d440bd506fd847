import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import type { DbHandle } from '@console/db/client';
import { deviceLogs, devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { MAX_CLOCK_AHEAD_MS } from '@console/contract/mqtt/payloads';
import { topics } from '@console/contract/mqtt/topics';
import type { Ingest } from '@console/server/src/ingest/ingest';
import { startIngestRig, type IngestRig } from '../../fixtures/ingest-rig.ts';
import { platformReport, publishReport, seededMachine, waitFor, type Logged } from './helpers.ts';
import { mapInOrder } from '@console/db/in-order';

const hour = 3600_000;

describe('ingest refuses bad messages, counts them and changes nothing', () => {
  let rig: IngestRig;
  let dbh: DbHandle;
  let ingest: Ingest;
  let logged: Logged[];
  let client: MqttClient;
  let serial: string;

  /** Everything a message could change. */
  const snapshot = async () => ({
    device: await dbh.db.select().from(devices).where(eq(devices.serialNumber, serial)).get(),
    counts: await mapInOrder(
      [telemetry, trackPoints, alarms, deviceLogs],
      async (table) =>
        (await dbh.db
          .select({ n: sql<number>`count(*)` })
          .from(table)
          .get())!.n,
    ),
  });

  beforeAll(async () => {
    rig = await startIngestRig();
    ({ dbh, ingest, logged } = rig);
    serial = (await seededMachine(dbh, 'aerialPlatform', true)).serialNumber;
    client = await rig.machine(serial);
  });
  afterAll(() => rig.stop());

  const now = Date.now();
  const good = platformReport(now);
  const pos = good.pos!;
  const cases: [name: string, payload: unknown, reason: string][] = [
    ['malformed JSON', '{"t": 1, "seq":', 'json'],
    ['not JSON at all', 'hello', 'json'],
    ['latitude above 90', { ...good, pos: { ...pos, lat: 90.5 } }, 'schema'],
    ['latitude below -90', { ...good, pos: { ...pos, lat: -91 } }, 'schema'],
    ['longitude above 180', { ...good, pos: { ...pos, lng: 180.01 } }, 'schema'],
    ['longitude below -180', { ...good, pos: { ...pos, lng: -200 } }, 'schema'],
    ['negative speed', { ...good, pos: { ...pos, speed: -1 } }, 'schema'],
    ['absurd speed', { ...good, pos: { ...pos, speed: 900 } }, 'schema'],
    ['load out of range', platformReport(now, { loadPct: 180 }), 'schema'],
    ['battery out of range', platformReport(now, { batteryPct: 101 }), 'schema'],
    ['tilt out of range', platformReport(now, { tiltDeg: -3 }), 'schema'],
    ['a missing field', { ...good, signal: undefined }, 'schema'],
    ['an unknown signal', { ...good, signal: 'excellent' }, 'schema'],
    ['a string for a number', { ...good, t: String(now) }, 'schema'],
    [
      'data of another kind',
      {
        ...good,
        data: {
          kind: 'boat',
          engineRpm: 1200,
          fuelPct: 50,
          waterTempC: 18,
          engineHours: 10,
          faults: [],
        },
      },
      'kind',
    ],
    ['device time more than 25 h ahead', platformReport(now + MAX_CLOCK_AHEAD_MS + 60_000), 'clockAhead'],
    ['a huge payload', JSON.stringify({ ...good, junk: 'x'.repeat(40_000) }), 'tooLarge'],
  ];

  it.each(cases)('refuses %s', async (_name, payload, reason) => {
    const before = await snapshot();
    const stats = ingest.stats();
    await publishReport(client, serial, payload);
    await waitFor(
      `a ${reason} refusal`,
      () => ingest.stats().rejected[reason as 'json'] === stats.rejected[reason as 'json'] + 1,
    );
    ingest.flush();
    expect(await snapshot()).toEqual(before);
    expect(ingest.stats().stored).toBe(stats.stored);
    expect(ingest.stats().recentRejects[0]).toMatchObject({ topic: topics.telemetry(serial), reason });
  });

  it('refuses a status message that breaks the schema', async () => {
    const before = await snapshot();
    const schema = ingest.stats().rejected.schema;
    await client.publishAsync(topics.status(serial), JSON.stringify({ online: 'yes' }));
    await waitFor('the refusal', () => ingest.stats().rejected.schema === schema + 1);
    expect(await snapshot()).toEqual(before);
  });

  it('logs refusals at most once per reason per interval, and still takes good messages', async () => {
    const schema = ingest.stats().rejected.schema;
    for (const lat of [91, 92, 93]) await publishReport(client, serial, { ...good, pos: { ...pos, lat } });
    await waitFor('three refusals', () => ingest.stats().rejected.schema === schema + 3);
    const schemaLines = logged.filter((l) => l.message.includes(': schema '));
    expect(schemaLines).toHaveLength(1);
    expect(schemaLines[0]!.level).toBe('warn');

    // A report almost a day ahead is plausible (a machine in another time zone with a bad clock): taken.
    const t = Date.now() + 24 * hour;
    await publishReport(client, serial, platformReport(t, { loadPct: 33 }));
    await waitFor(
      'the good report',
      async () =>
        (await dbh.db
          .select()
          .from(devices)
          .where(eq(devices.serialNumber, serial))
          .get())!.lastDeviceTime?.getTime() === t,
    );
    expect(ingest.stats().stored).toBe(1);
  });
});
