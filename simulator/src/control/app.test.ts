import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { readSimulatorEnv } from '../env.ts';
import { displayUrl, openLink, type Link } from '../mqtt/link.ts';
import { createControlApp, healthSchema } from './app.ts';

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('simulator', () => {
  let link: Link | undefined;
  let broker: { server: Server; aedes: Aedes } | undefined;
  afterEach(async () => {
    await link?.close();
    if (broker) await new Promise<void>((r) => broker!.aedes.close(() => broker!.server.close(() => r())));
    link = broker = undefined;
  });

  it('finds the embedded broker by default, or the MQTT_URL it is given', () => {
    expect(readSimulatorEnv({}).mqttUrl).toBe('mqtt://localhost:1884');
    expect(readSimulatorEnv({ MQTT_PORT: '18399' }).mqttUrl).toBe('mqtt://localhost:18399');
    expect(readSimulatorEnv({ MQTT_URL: 'mqtt://127.0.0.1:1883' })).toMatchObject({
      mqttUrl: 'mqtt://127.0.0.1:1883',
      port: 8090,
    });
    expect(displayUrl('mqtt://user:secret@broker:1883')).toBe('mqtt://broker:1883');
  });

  it('reports its broker link and fleet size on /health, and describes itself on /openapi.json', async () => {
    const app = createControlApp({
      link: () => ({
        connected: false,
        broker: 'mqtt://localhost:1884',
        since: '2026-01-01T00:00:00.000Z',
        lastError: 'refused',
      }),
      machines: () => 0,
      startedAt: 1_000,
      now: () => 61_000,
    });
    const health = healthSchema.parse(await (await app.request('/health')).json());
    expect(health).toMatchObject({ mqtt: { connected: false, lastError: 'refused' }, machines: 0, uptimeSeconds: 60 });
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(['/health', '/openapi.json']);
    expect((await app.request('/nothing')).status).toBe(404);
  });

  it('connects when the broker comes up, and reconnects after it restarts', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    server.close();
    link = openLink(`mqtt://127.0.0.1:${port}`, () => {});
    await new Promise((r) => setTimeout(r, 300));
    expect(link.state.connected).toBe(false);

    const start = async () => {
      const aedes = await Aedes.createBroker();
      const s = createServer(aedes.handle);
      await new Promise<void>((r) => s.listen(port, '127.0.0.1', () => r()));
      return { server: s, aedes };
    };
    broker = await start();
    await until(() => link!.state.connected);
    await new Promise<void>((r) => broker!.aedes.close(() => broker!.server.close(() => r())));
    await until(() => !link!.state.connected);
    broker = await start();
    await until(() => link!.state.connected);
  });
});
