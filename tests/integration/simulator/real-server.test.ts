import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq, gt } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { commandEndpoints } from '@console/contract/http/commands';
import { openDb, type DbHandle } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { commands, devices, telemetry } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { demoAccount } from '@console/db/seed/accounts';
import { seedDemo } from '@console/db/seed/demo';
import { createSession } from '@console/server/src/lib/session';
import { createControlApp } from '@console/simulator/src/control/app';
import { readSimulatorEnv } from '@console/simulator/src/env';
import { Simulator } from '@console/simulator/src/simulator';
import { simulatorClient, type SimulatorClient } from '../../fixtures/simulator-client.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const TSX_LOADER = pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('tsx')).href;

/** A free port of this suite's range (18300-18399). */
async function freePort(taken: number[]): Promise<number> {
  for (let port = 18399; port >= 18300; port--) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 18300-18399');
}

async function eventually<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The simulator against the real server (main.ts in a child process, its embedded broker and ingest) on a
 * temporary database seeded with a small fleet: the simulator takes its fleet from the server's manifest,
 * and what its machines do shows in the server's tables.
 */
describe('the simulator against a real server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simulator-server-'));
  const output: string[] = [];
  const ports: number[] = [];
  let child: ChildProcess;
  let sim: Simulator;
  let control: ServerType;
  let client: SimulatorClient;
  let dbh: DbHandle;
  let token: string;
  /** The lessor administrator's organisation: the machines the tests command. */
  let orgId: number;
  let startedAt: number;

  const api = async (path: string, body: unknown) => {
    const response = await fetch(`http://127.0.0.1:${ports[0]}/api${path}`, {
      method: 'POST',
      headers: { token, lang: 'en_US', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { status: string; message: string; data: { list: { id: string }[] } };
    if (answer.status !== '200') throw new Error(`${path}: ${answer.status} ${answer.message}`);
    return answer;
  };
  const command = (id: string) => dbh.db.select().from(commands).where(eq(commands.id, id)).get()!;
  const device = (serial: string) => dbh.db.select().from(devices).where(eq(devices.serialNumber, serial)).get()!;
  /** Awake machines of the lessor administrator's organisation. */
  const ours = () =>
    dbh.db
      .select()
      .from(devices)
      .all()
      .filter((d) => d.orgId === orgId && !d.sleeping);

  beforeAll(async () => {
    const file = join(dir, 'console.db');
    const seeding = openDb(file);
    await seedDemo(seeding.db, { devices: 50, historyDevices: 0 });
    seeding.close();
    for (let i = 0; i < 3; i++) ports.push(await freePort(ports));
    const [port, mqttPort, simPort] = ports.map(String) as [string, string, string];
    child = spawn(process.execPath, ['--import', TSX_LOADER, 'server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DB_FILE: file,
        PORT: port,
        MQTT_PORT: mqttPort,
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        INGEST_FLUSH_MS: '50',
        WEB_DIST: join(dir, 'no-console'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    await eventually('the server', () => output.join('').includes('ingest subscribed to the machines'), 60_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${output.join('')}`);
      },
    );
    dbh = openDb(file, { migrate: false });
    const admin = dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
      .get()!;
    token = createSession(dbh.db, admin.id, 'console', '127.0.0.1', Date.now() + 3600_000);
    orgId = admin.orgId;

    startedAt = Date.now();
    sim = new Simulator({
      // Five times real time: a step every 2 s, so the tests wait less (reports still come every 8 s or so).
      env: readSimulatorEnv({ PORT: port, MQTT_PORT: mqttPort, SIM_SEED: '3', SIM_SPEED: '5' }),
      log: (message) => output.push(`[simulator] ${message}\n`),
    });
    control = serve({ fetch: createControlApp(sim).fetch, port: Number(simPort), hostname: '127.0.0.1' });
    client = simulatorClient(`http://127.0.0.1:${simPort}`);
    await sim.start();
  }, 90_000);

  afterAll(async () => {
    await sim?.stop();
    control?.close();
    dbh?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes the server's fleet, and its machines' reports appear in the devices table", async () => {
    const seeded = dbh.db.select().from(devices).all();
    const awake = seeded.filter((d) => !d.sleeping);
    const health = await client.health();
    expect(health.source).toMatchObject({ kind: 'manifest', state: 'loaded' });
    expect(health.machines.total).toBe(50);
    await eventually('a report stored from every awake machine, each online', () => {
      const reporting = dbh.db
        .selectDistinct({ deviceId: telemetry.deviceId })
        .from(telemetry)
        .where(gt(telemetry.receivedAt, new Date(startedAt)))
        .all();
      const online = dbh.db.select().from(devices).where(eq(devices.online, true)).all();
      return reporting.length === awake.length && online.length === awake.length;
    });
    expect((await client.health()).machines).toMatchObject({ online: awake.length, asleep: 50 - awake.length });
    expect(
      dbh.db
        .select()
        .from(devices)
        .where(and(eq(devices.sleeping, true), eq(devices.online, false)))
        .all(),
    ).toHaveLength(50 - awake.length);
    // The latest reading of a machine is what the simulator says it sent.
    const one = await client.machine(awake[0]!.serialNumber);
    await eventually(
      'the latest report stored',
      () => device(one.serial).lastDeviceTime!.getTime() >= one.lastReport!.t,
    );
    expect(device(one.serial).latest).toMatchObject({ kind: one.kind });
    expect(output.join('')).not.toMatch(/ingest refused/);
  });

  it('carries out an on-stop lock from the console only once the machine has stopped', async () => {
    const target = ours().find((d) => d.lockLevel === 'unlocked' && d.kind === 'aerialPlatform')!;
    const here = await client.machine(target.serialNumber);
    await client.move(target.serialNumber, {
      to: { lat: here.position.lat + 0.01, lng: here.position.lng },
      speedKmh: 4,
    });
    await client.waitForMachine(target.serialNumber, (m) => m.position.speedKmh > 0);

    const created = await api(commandEndpoints.create.path, {
      deviceIds: [target.id],
      type: 'lock',
      level: 'lock1',
      mode: 'onStop',
    });
    const id = created.data.list[0]!.id;
    const held = await client.waitForMachine(target.serialNumber, (m) => m.waiting.some((w) => w.id === id));
    expect(held.recentAcks.map((a) => [a.id, a.result])).toContainEqual([id, 'waiting']);
    await new Promise((r) => setTimeout(r, 1000));
    expect(command(id).state).not.toBe('succeeded');
    expect(device(target.serialNumber).lockLevel).toBe('unlocked');

    // Stopped where it is: the lock is carried out, and the server sees it confirmed.
    const now = await client.machine(target.serialNumber);
    await client.move(target.serialNumber, { to: { lat: now.position.lat, lng: now.position.lng } });
    await eventually('the lock to succeed', () => command(id).state === 'succeeded');
    await eventually('the lock in the device row', () => device(target.serialNumber).lockLevel === 'lock1');
  });

  it('puts a machine to sleep; 12 simulated hours later (at 3600x) it wakes and takes the lock that waited', async () => {
    const target = ours().find((d) => d.lockLevel === 'unlocked' && d.kind !== 'aerialPlatform')!;
    const asleep = await api(commandEndpoints.create.path, { deviceIds: [target.id], type: 'sleep' });
    const sleepId = asleep.data.list[0]!.id;
    await eventually('the sleep to succeed', () => command(sleepId).state === 'succeeded');
    await eventually(
      'the device asleep',
      () => device(target.serialNumber).sleeping && !device(target.serialNumber).online,
    );
    expect((await client.machine(target.serialNumber)).connection).toBe('asleep');

    const locked = await api(commandEndpoints.create.path, { deviceIds: [target.id], type: 'lock', level: 'lock2' });
    const lockId = locked.data.list[0]!.id;
    await new Promise((r) => setTimeout(r, 500));
    expect(command(lockId).state).not.toBe('succeeded');

    await client.setSpeed(3600);
    try {
      await eventually('the lock to succeed at the next wake', () => command(lockId).state === 'succeeded', 30_000);
      expect(device(target.serialNumber).lockLevel).toBe('lock2');
      // And back to sleep, until the next 12 hours are up.
      const again = await client.waitForMachine(target.serialNumber, (m) => m.connection === 'asleep', 15_000);
      const untilWake = Date.parse(again.nextWakeAt!) - Date.parse((await client.clock()).now);
      expect(untilWake).toBeGreaterThan(0);
      expect(untilWake).toBeLessThanOrEqual(12 * 3600_000);
    } finally {
      await client.setSpeed(5);
    }
  }, 60_000);

  it('says goodbye when stopped: the machines shut down, and the server raises no offline alarm', async () => {
    const before = dbh.db.select().from(alarms).where(eq(alarms.type, 'offline')).all().length;
    await sim.stop();
    await eventually(
      'every machine offline',
      () => dbh.db.select().from(devices).where(eq(devices.online, true)).all().length === 0,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(dbh.db.select().from(alarms).where(eq(alarms.type, 'offline')).all()).toHaveLength(before);
  });
});
