import { createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Aedes, type PublishPacket } from 'aedes';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { MqttTransport, VISITOR_SOCKETS } from '@console/simulator/src/mqtt/mqtt-transport';
import { topics } from '@console/contract/mqtt/topics';
import { LAST_WILL, type MachineLink } from '@console/simulator/src/mqtt/transport';
import { eventually } from '../../fixtures/server-process.ts';

const handlers = { onCommand: () => undefined, onUp: () => undefined, onDown: () => undefined };
const report: TelemetryMessage = {
  t: 1_700_000_000_000,
  seq: 1,
  signal: 'strong',
  lock: 'unlocked',
  data: { kind: 'battery', chargePct: 50, voltageV: 48, currentA: 0, temperatureC: 20, cycles: 10, faults: [] },
};

/**
 * A machine's connection as the fleet around it grows past the socket budget and shrinks back while the simulator
 * runs (machines joining and leaving the manifest): a resident that becomes a visitor leaves the broker politely
 * and brings its reports on visits; a visitor that becomes a resident again connects and stays.
 */
describe('a machine whose place in the connection plan changes', () => {
  let aedes: Aedes;
  let server: Server;
  let transport: MqttTransport;
  /** The broker's view: clients on line, wills published, reports taken in. */
  let online: Set<string>;
  let wills: number;
  let reports: number;

  beforeEach(async () => {
    online = new Set();
    wills = 0;
    reports = 0;
    aedes = await Aedes.createBroker();
    aedes.on('client', (client) => online.add(client.id));
    aedes.on('clientDisconnect', (client) => online.delete(client.id));
    aedes.on('publish', (packet: PublishPacket) => {
      if (packet.topic === topics.telemetry('UNIT00001')) reports++;
      const status = packet.topic === topics.status('UNIT00001') ? JSON.parse(packet.payload.toString()) : null;
      if (status?.reason === LAST_WILL.reason) wills++;
    });
    aedes.on('clientError', () => undefined);
    aedes.on('connectionError', () => undefined);
    server = createServer(aedes.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    transport = new MqttTransport({
      url: `mqtt://127.0.0.1:${port}`,
      fleetSecret: DEV_FLEET_SECRET,
      maxConnections: VISITOR_SOCKETS + 1,
      lingerMs: 100,
      visitEveryMs: 100,
      log: () => undefined,
    });
  });
  afterEach(async () => {
    await transport.close(1000);
    await new Promise<void>((resolve) => aedes.close(() => server.close(() => resolve())));
  });

  it('leaves politely when it becomes a visitor, visits with its reports, and connects at once when it is a resident again', async () => {
    // The fleet's first machine (which never switches on here), and the unit under test, second in line.
    transport.plan(2);
    transport.link('FIRST0001', handlers);
    const unit: MachineLink = transport.link('UNIT00001', handlers);
    unit.open();
    await eventually('the unit on line', () => online.has('UNIT00001'));
    expect(transport.stats()).toMatchObject({ resident: 2, visitors: 0 });

    // A thousand machines join: past the budget only the first machine keeps its connection.
    const crowd = Array.from({ length: VISITOR_SOCKETS }, (_, i) => `CROWD${String(i).padStart(5, '0')}`);
    transport.plan(2 + crowd.length);
    for (const serial of crowd) transport.link(serial, handlers);
    expect(transport.stats()).toMatchObject({ resident: 1, visitors: VISITOR_SOCKETS + 1 });
    await eventually('the unit to leave the broker', () => !online.has('UNIT00001'));
    expect(transport.stats().open).toBe(0);
    // Still switched on: what it reports comes on its next visit.
    unit.send({ kind: 'telemetry', message: report });
    await eventually('the report brought on a visit', () => reports === 1);
    await eventually('the visit over', () => !online.has('UNIT00001'));

    // They leave again: within the budget the unit is a resident, and connects without waiting for a report.
    for (const serial of crowd) transport.unlink(serial);
    transport.plan(2);
    expect(transport.stats()).toMatchObject({ resident: 2, visitors: 0 });
    await eventually('the unit on line again', () => online.has('UNIT00001'));
    unit.send({ kind: 'telemetry', message: { ...report, seq: 2 } });
    await eventually('its report taken in', () => reports === 2);
    // It left politely every time: the broker published no last will for it.
    expect(wills).toBe(0);
    unit.close();
  });
});
