import { createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Aedes, type Client, type PublishPacket } from 'aedes';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { REPORTS_IN_FLIGHT } from '@console/simulator/src/mqtt/mqtt-link';
import { MqttTransport } from '@console/simulator/src/mqtt/mqtt-transport';
import type { MachineLink } from '@console/simulator/src/mqtt/transport';

const SERIAL = 'UNIT0001';

const report = (seq: number): TelemetryMessage => ({
  t: 1_700_000_000_000 + seq * 1000,
  seq,
  signal: 'strong',
  lock: 'unlocked',
  data: { kind: 'battery', chargePct: 50, voltageV: 48, currentA: 0, temperatureC: 20, cycles: 10, faults: [] },
});

/** Wait for a condition (polling). */
async function until(what: string, probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A simulated unit against a broker that acknowledges its reports only when the test lets it (the broker
 * acknowledges a QoS 1 publish once it has authorised it): a server that falls behind looks like this to a unit.
 */
describe('a simulated unit whose reports are not acknowledged', () => {
  let aedes: Aedes;
  let server: Server;
  let transport: MqttTransport;
  let link: MachineLink;
  /** Reports the broker has taken in, by seq, and the acknowledgements it holds back. */
  let received: number[];
  let holding: boolean;
  let held: (() => void)[];
  let unitClient: Client | null;

  beforeEach(async () => {
    received = [];
    holding = true;
    held = [];
    unitClient = null;
    aedes = await Aedes.createBroker({
      authorizePublish(client, packet: PublishPacket, done) {
        if (!packet.topic.endsWith('/up/telemetry')) return done(null);
        unitClient = client;
        const take = () => {
          received.push((JSON.parse(packet.payload.toString()) as TelemetryMessage).seq);
          done(null);
        };
        if (holding) held.push(take);
        else take();
      },
    });
    server = createServer(aedes.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    transport = new MqttTransport({
      url: `mqtt://127.0.0.1:${port}`,
      fleetSecret: DEV_FLEET_SECRET,
      maxConnections: 10,
      log: () => undefined,
    });
    transport.plan(1);
    link = transport.link(SERIAL, { onCommand: () => undefined, onUp: () => undefined, onDown: () => undefined });
    link.open();
    await until('the unit on line', () => transport.stats().open === 1);
  });
  afterEach(async () => {
    holding = false;
    for (const take of held.splice(0)) take();
    link.close();
    await transport.close(1000);
    await new Promise<void>((resolve) => aedes.close(() => server.close(() => resolve())));
  });

  it(`sends at most ${REPORTS_IN_FLIGHT} at a time and keeps the rest until the broker acknowledges them`, async () => {
    const count = 3 * REPORTS_IN_FLIGHT;
    for (let seq = 0; seq < count; seq++) link.send({ kind: 'telemetry', message: report(seq) });
    await until('a full window at the broker', () => held.length === REPORTS_IN_FLIGHT);
    expect(transport.stats()).toMatchObject({ published: REPORTS_IN_FLIGHT, acked: 0, held: count, dropped: 0 });

    holding = false;
    for (const take of held.splice(0)) take();
    await until('every report acknowledged', () => transport.stats().acked === count);
    expect(received).toEqual(Array.from({ length: count }, (_, seq) => seq));
    expect(transport.stats()).toMatchObject({ acked: count, held: 0, dropped: 0 });
  });

  it('sends again, after reconnecting, what was not acknowledged when the connection broke', async () => {
    const count = 2 * REPORTS_IN_FLIGHT;
    for (let seq = 0; seq < count; seq++) link.send({ kind: 'telemetry', message: report(seq) });
    await until('a full window at the broker', () => held.length === REPORTS_IN_FLIGHT);
    // The connection breaks before any acknowledgement: the broker never took those reports in.
    held = [];
    holding = false;
    unitClient!.close();
    await until('every report acknowledged', () => transport.stats().acked === count);
    expect([...received].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, seq) => seq));
    expect(transport.stats()).toMatchObject({ acked: count, held: 0, dropped: 0 });
  });
});
