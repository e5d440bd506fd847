import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '@console/db/client';
import { telemetry } from '@console/db/schema/devices';
import { topics } from '@console/contract/mqtt/topics';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import { startIngestRig, type IngestRig } from '../../fixtures/ingest-rig.ts';
import { SERVER_PASSWORD, SERVER_USER, platformReport, secretOf, seededMachine, waitFor } from './helpers.ts';

describe('the embedded broker lets each machine use only its own topics', () => {
  let rig: IngestRig;
  let dbh: DbHandle;
  let broker: EmbeddedBroker;
  let a: string;
  let b: string;
  const clients: MqttClient[] = [];
  const track = (c: MqttClient) => (clients.push(c), c);
  const closed = (c: MqttClient) =>
    new Promise<void>((resolve) => (c.connected ? c.once('close', () => resolve()) : resolve()));
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'connected',
      (error: { code?: number }) => error.code,
    );

  beforeAll(async () => {
    rig = await startIngestRig();
    ({ dbh, broker } = rig);
    a = (await seededMachine(dbh, 'aerialPlatform', true, 0)).serialNumber;
    b = (await seededMachine(dbh, 'aerialPlatform', true, 1)).serialNumber;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await rig.stop();
  });

  it('refuses a wrong secret, an unknown machine, a borrowed client id and a wrong server password', async () => {
    const opts = { reconnectPeriod: 0, connectTimeout: 3000 };
    expect(await refusal(connectAsync(broker.url, { ...opts, clientId: a, username: a, password: secretOf(b) }))).toBe(
      4,
    );
    expect(
      await refusal(
        connectAsync(broker.url, {
          ...opts,
          clientId: 'NOPE0001',
          username: 'NOPE0001',
          password: secretOf('NOPE0001'),
        }),
      ),
    ).toBe(4);
    expect(await refusal(connectAsync(broker.url, { ...opts, clientId: a }))).toBe(4);
    expect(await refusal(connectAsync(broker.url, { ...opts, clientId: b, username: a, password: secretOf(a) }))).toBe(
      2,
    );
    expect(
      await refusal(
        connectAsync(broker.url, { ...opts, clientId: 'srv-x', username: SERVER_USER, password: 'wrong-password' }),
      ),
    ).toBe(4);
  });

  it('closes the connection of a machine that publishes as another machine, and stores nothing', async () => {
    const victim = await seededMachine(dbh, 'aerialPlatform', true, 1);
    const intruder = await rig.machine(a);
    const gone = closed(intruder);
    intruder.publish(topics.telemetry(b), JSON.stringify(platformReport(Date.now())));
    await gone;
    // The machine's own report still goes through: only the foreign topic was refused.
    const honest = await rig.machine(b);
    await honest.publishAsync(topics.telemetry(b), JSON.stringify(platformReport(Date.now() + 1000, { loadPct: 11 })));
    const stored = await waitFor('the honest report', async () =>
      (await dbh.db.select().from(telemetry).where(eq(telemetry.deviceId, victim.id)).all()).find(
        (r) => r.receivedAt.getTime() > Date.now() - 10_000,
      ),
    );
    expect((stored.data as { loadPct: number }).loadPct).toBe(11);
    expect(await dbh.db.select().from(telemetry).where(eq(telemetry.deviceId, victim.id)).all()).toHaveLength(1);
  });

  it('grants a machine its own command topic and nothing else, and no one but the server may send commands', async () => {
    const machine = await rig.machine(a, { clientId: a });
    // mqtt.js turns a refused grant (0x80) into an error that carries the SUBACK.
    const granted = (topic: string) =>
      machine.subscribeAsync(topic, { qos: 1 }).then(
        (grants) => grants[0]!.qos,
        (error: { packet?: { granted?: number[] } }) => error.packet?.granted?.[0],
      );
    expect(await granted(topics.command(a))).toBe(1);
    expect(await granted(topics.command(b))).toBe(128);
    expect(await granted('dev/+/down/command')).toBe(128);
    expect(await granted('dev/+/up/#')).toBe(128);
    expect(await granted('#')).toBe(128);

    const server = track(
      await connectAsync(broker.url, {
        clientId: 'srv-acl',
        username: SERVER_USER,
        password: SERVER_PASSWORD,
        reconnectPeriod: 0,
      }),
    );
    const received = new Promise<string>((resolve) =>
      machine.once('message', (_t, payload) => resolve(payload.toString())),
    );
    await server.publishAsync(topics.command(a), '{"id":"c1"}', { qos: 1 });
    expect(await received).toBe('{"id":"c1"}');

    // A machine may not write to its own command topic; the server may not pretend to be a machine.
    const gone = closed(machine);
    machine.publish(topics.command(a), '{"id":"forged"}');
    await gone;
    const serverGone = closed(server);
    server.publish(topics.telemetry(a), JSON.stringify(platformReport(Date.now())));
    await serverGone;
  });
});
