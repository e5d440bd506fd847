import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimClock } from '../clock.ts';
import { readSimulatorEnv } from '../env.ts';
import { machineView } from '../fleet/view.ts';
import { MemoryTransport } from '../mqtt/memory-transport.ts';
import { Simulator } from '../simulator.ts';
import type { ManifestRead } from '../sources/manifest.ts';
import { MONDAY_MORNING, spec } from '../test-harness.ts';
import { clockView, controlRoutes, healthSchema, machineList } from './api.ts';
import { createControlApp } from './app.ts';

const SCENARIO = `
seed: 5
machines:
  - { serial: AWP000001, kind: aerialPlatform, lat: 31.23, lng: 121.47 }
  - { serial: MOW000001, kind: mower, lat: 31.23, lng: 121.47 }
  - { serial: CHG000001, kind: charger, lat: 31.23, lng: 121.47, sleeping: true }
timeline:
  - { at: 1m, machine: MOW000001, action: offline }
`;

function setup(
  options: { env?: Record<string, string>; readManifest?: (since?: string) => Promise<ManifestRead> } = {},
) {
  let real = MONDAY_MORNING;
  const clock = new SimClock({ start: real, realNow: () => real });
  const transport = new MemoryTransport();
  const sim = new Simulator({
    env: readSimulatorEnv(options.env ?? {}),
    log: () => {},
    transport,
    clock,
    wakeWindowRealMs: 0,
    readManifest: options.readManifest,
  });
  const app = createControlApp(sim);
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const init =
      body === undefined ? { method } : { method, body: typeof body === 'string' ? body : JSON.stringify(body) };
    const response = await app.request(path, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const run = (ms: number) => {
    for (let i = 0; i < ms; i += 1000) {
      real += 1000;
      clock.tick();
    }
  };
  return { sim, transport, call, run };
}

describe('the control API', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads its settings: the server and broker it finds by default, or those it is given', () => {
    expect(readSimulatorEnv({})).toMatchObject({
      mqttUrl: 'mqtt://127.0.0.1:1884',
      serverUrl: 'http://127.0.0.1:8080',
      port: 8090,
      shard: 0,
      shards: 1,
      maxConnections: 16_000,
      paused: false,
    });
    expect(readSimulatorEnv({ SIM_PAUSED: '1' }).paused).toBe(true);
    expect(readSimulatorEnv({ MQTT_URL: 'mqtt://127.0.0.1:1883', PORT: '9000', SIM_SHARD: '2/3' })).toMatchObject({
      mqttUrl: 'mqtt://127.0.0.1:1883',
      serverUrl: 'http://127.0.0.1:9000',
      shard: 2,
      shards: 3,
    });
    expect(() => readSimulatorEnv({ SIM_SHARD: '3/3' })).toThrow();
    expect(() => readSimulatorEnv({ SIM_SPEED: '5000' })).toThrow();
  });

  it('follows the server’s manifest while it runs, every minute, and says when it last read it', async () => {
    // The server's manifest: its version names the machines listed.
    let listed = [spec('FLT000001', 'forklift'), spec('MOW000002', 'mower')];
    let down = false;
    const asked: (string | undefined)[] = [];
    const readManifest = async (since?: string): Promise<ManifestRead> => {
      asked.push(since);
      if (down) throw new Error('the server answered HTTP 502');
      const version = listed.map((m) => m.serial).join(',');
      return since === version
        ? { version, changed: false, machines: [] }
        : { version, changed: true, machines: listed };
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { sim, call, run, transport } = setup({ env: { SIM_MANIFEST_REFRESH_S: '60' }, readManifest });
    await sim.start();
    const loaded = healthSchema.parse((await call('GET', '/health')).body).source;
    expect(loaded).toMatchObject({ kind: 'manifest', state: 'loaded', machines: 2, refreshEveryS: 60 });
    run(30_000);

    // A machine registered (or renewed), and one whose service stopped: the next read a minute later follows.
    listed = [listed[0]!, spec('AWP000003', 'aerialPlatform')];
    const sentBefore = transport.sent.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([undefined, 'FLT000001,MOW000002']);
    expect(sim.fleet.all().map((m) => m.serial)).toEqual(['FLT000001', 'AWP000003']);
    run(30_000);
    const since = transport.sent.slice(sentBefore);
    expect(since.filter((s) => s.serial === 'MOW000002').map((s) => s.message)).toEqual([
      expect.objectContaining({ online: false, reason: 'shutdown' }),
    ]);
    expect(since.filter((s) => s.serial === 'AWP000003' && s.kind === 'telemetry')).toHaveLength(3);
    // The machine that stayed carried on: no new announcement, its reports every 10 s.
    expect(since.filter((s) => s.serial === 'FLT000001').map((s) => s.kind)).toEqual(Array(3).fill('telemetry'));
    const followed = healthSchema.parse((await call('GET', '/health')).body);
    expect(followed.source).toMatchObject({ machines: 2, refreshError: null });
    expect(Date.parse(followed.source.refreshedAt!) - Date.parse(loaded.refreshedAt!)).toBe(60_000);
    expect(followed.machines).toMatchObject({ total: 2, online: 2 });

    // Nothing changed: asked with the version it has, the fleet stays; a failed read keeps it too, and says why.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked.at(-1)).toBe('FLT000001,AWP000003');
    down = true;
    await vi.advanceTimersByTimeAsync(60_000);
    const failed = healthSchema.parse((await call('GET', '/health')).body);
    expect(failed.source.refreshError).toBe('the server answered HTTP 502');
    expect(failed.machines.total).toBe(2);
    down = false;

    // A scenario's fleet is its own: the manifest is not read again.
    await call('POST', '/scenario', SCENARIO);
    const reads = asked.length;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(await sim.refresh()).toBeNull();
    expect(asked).toHaveLength(reads);
    await sim.stop();
  });

  it('loads a scenario, lists its machines and their state, and runs its timeline', async () => {
    const { call, run } = setup();
    expect(healthSchema.parse((await call('GET', '/health')).body)).toMatchObject({
      source: { kind: 'manifest', state: 'waiting' },
      machines: { total: 0 },
    });
    const loaded = await call('POST', '/scenario', SCENARIO);
    expect(loaded).toMatchObject({ status: 200, body: { machines: 3, timeline: 1, seed: 5 } });
    const health = healthSchema.parse((await call('GET', '/health')).body);
    expect(health).toMatchObject({ source: { kind: 'scenario', state: 'loaded' }, seed: 5 });
    expect(health.machines).toMatchObject({ total: 3, online: 2, asleep: 1 });
    run(90_000);
    const list = machineList.parse((await call('GET', '/machines?kind=mower')).body);
    expect(list.machines.map((m) => [m.serial, m.connection])).toEqual([['MOW000001', 'offline']]);
    expect(machineList.parse((await call('GET', '/machines?connection=asleep')).body).total).toBe(1);
    const one = machineView.parse((await call('GET', '/machines/AWP000001')).body);
    expect(one).toMatchObject({ serial: 'AWP000001', kind: 'aerialPlatform', connection: 'online', lock: 'unlocked' });
    expect(one.lastReport?.data.kind).toBe('aerialPlatform');
    expect(one.reportsSent).toBeGreaterThanOrEqual(8);
  });

  it('steers a machine: alarm, fault, move, sleep and wake, offline and online', async () => {
    const { call, run, transport } = setup();
    await call('POST', '/scenario', SCENARIO);
    const tilted = await call('POST', '/machines/AWP000001/alarm', { condition: 'tilt', value: 17 });
    expect(machineView.parse(tilted.body).injected).toEqual({ tilt: 17 });
    run(20_000);
    expect(transport.of('AWP000001', 'telemetry').at(-1)!.message.data).toMatchObject({ tiltDeg: 17 });
    expect((await call('POST', '/machines/AWP000001/fault', { code: 'E01' })).body).toMatchObject({ faults: ['E01'] });
    expect((await call('POST', '/machines/AWP000001/clear', {})).body).toMatchObject({ faults: [], injected: {} });
    const moved = await call('POST', '/machines/AWP000001/move', { to: { lat: 31.24, lng: 121.48 } });
    expect(moved.body).toMatchObject({ site: { lat: 31.24, lng: 121.48 } });
    expect((await call('POST', '/machines/AWP000001/sleep')).body).toMatchObject({ connection: 'asleep' });
    expect((await call('POST', '/machines/AWP000001/wake')).body).toMatchObject({ connection: 'online' });
    expect((await call('POST', '/machines/AWP000001/offline', { durationS: 60 })).body).toMatchObject({
      connection: 'offline',
    });
    expect((await call('POST', '/machines/AWP000001/online')).body).toMatchObject({ connection: 'online' });
  });

  it('answers bad input 400, an unknown machine 404 and an action that does not fit 409', async () => {
    const { call } = setup();
    await call('POST', '/scenario', SCENARIO);
    expect(await call('POST', '/machines/NOPE0001/sleep')).toMatchObject({
      status: 404,
      body: { error: 'no machine NOPE0001' },
    });
    expect(await call('POST', '/machines/MOW000001/alarm', { condition: 'overload' })).toMatchObject({
      status: 409,
      body: { error: 'a mower reports no load or tilt' },
    });
    expect(await call('POST', '/machines/CHG000001/alarm', { condition: 'lowBattery' })).toMatchObject({ status: 409 });
    const bad = await call('POST', '/machines/AWP000001/alarm', { condition: 'tilt', value: 'steep' });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'invalid input', issues: [expect.stringMatching(/^value:/)] },
    });
    expect(await call('POST', '/machines/AWP000001/fault', '{oops')).toMatchObject({ status: 400 });
    expect(await call('POST', '/clock/speed', { speed: 4000 })).toMatchObject({ status: 400 });
    expect(await call('POST', '/scenario', 'machines: 3')).toMatchObject({
      status: 400,
      body: { error: 'invalid scenario' },
    });
    expect(await call('GET', '/machines?limit=5000')).toMatchObject({ status: 400 });
    expect(await call('GET', '/nothing')).toMatchObject({ status: 404 });
  });

  it('sets the clock speed, pauses and resumes', async () => {
    const { call, run } = setup();
    expect(clockView.parse((await call('POST', '/clock/speed', { speed: 600 })).body)).toMatchObject({ speed: 600 });
    run(1000);
    const paused = clockView.parse((await call('POST', '/clock/pause')).body);
    expect(paused).toMatchObject({ paused: true, aheadMs: 599_000 });
    run(5000);
    expect(clockView.parse((await call('GET', '/clock')).body).now).toBe(paused.now);
    expect((await call('POST', '/clock/resume')).body).toMatchObject({ paused: false });
    const skipped = clockView.parse((await call('POST', '/clock/skip', { hours: 48 })).body);
    // Ahead by what ran at 600x, less the five seconds it stood paused, plus the two days skipped.
    expect(skipped.aheadMs).toBe(599_000 - 5000 + 48 * 3_600_000);
    expect(await call('POST', '/clock/skip', { hours: 0 })).toMatchObject({ status: 400 });
  });

  it('describes every route in its OpenAPI document', async () => {
    const { call } = setup();
    const doc = (await call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    for (const route of Object.values(controlRoutes)) expect(doc.paths[route.path]?.[route.method]).toBeDefined();
    expect(Object.keys(doc.paths)).toHaveLength(new Set(Object.values(controlRoutes).map((r) => r.path)).size + 1);
  });
});
