import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, max } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { commandEndpoints } from '@console/contract/http/commands';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import type { DbHandle } from '@console/db/client';
import { smsOutbox, users } from '@console/db/schema/accounts';
import { commands, deviceLogs, devices, telemetry } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import type { Simulator } from '@console/simulator/src/simulator';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { eventually, type ServerRun } from '../../fixtures/server-process.ts';
import { startSimulatedStack, type SimulatedStack } from '../../fixtures/simulated-stack.ts';
import type { SimulatorClient } from '../../fixtures/simulator-client.ts';
import { serviceStopped } from './helpers.ts';
import { filterInOrder } from '@console/db/in-order';

/** This suite's ports. */
const PORTS = { first: 18300, last: 18399 };

/**
 * The simulator against the real server (main.ts in a child process, its embedded broker and ingest) on a
 * temporary database seeded with a small fleet: the simulator takes its fleet from the server's manifest,
 * and what its machines do shows in the server's tables.
 */
describe('the simulator against a real server', () => {
  let stack: SimulatedStack;
  let server: ServerRun;
  let sim: Simulator;
  let client: SimulatorClient;
  let dbh: DbHandle;
  let token: string;
  /** The lessor administrator's organisation: the machines the tests command. */
  let orgId: number;
  let startedAt: number;

  const api = async (path: string, body: unknown) => {
    const response = await fetch(`${server.api}${path}`, {
      method: 'POST',
      headers: { token, lang: 'en_US', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { status: string; message: string; data: { list: { id: string }[] } };
    if (answer.status !== '200') throw new Error(`${path}: ${answer.status} ${answer.message}`);
    return answer;
  };
  /** The sleep code the server texted the lessor administrator (the development outbox is in the database). */
  const sleepCode = async (deviceId: number) => {
    await api(deviceRecordEndpoints.sleepCode.path, { deviceId });
    const mobile = demoAccount(ROLE.lessorAdmin);
    return (await dbh.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, mobile))
      .orderBy(desc(smsOutbox.id))
      .get())!.code;
  };
  const command = async (id: string) => (await dbh.db.select().from(commands).where(eq(commands.id, id)).get())!;
  const device = async (serial: string) =>
    (await dbh.db.select().from(devices).where(eq(devices.serialNumber, serial)).get())!;
  /** Awake machines of the lessor administrator's organisation, in service (the simulator runs only those). */
  const ours = async () =>
    await filterInOrder(
      await dbh.db.select().from(devices).all(),
      async (d) => d.orgId === orgId && !d.sleeping && !(await serviceStopped(dbh.db, d, Date.now())),
    );

  beforeAll(async () => {
    stack = await startSimulatedStack('simulator-server', PORTS);
    ({ server, sim, client, dbh, simStartedAt: startedAt } = stack);
    const admin = (await dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
      .get())!;
    token = await createSession(dbh.db, admin.id, 'console', '127.0.0.1', Date.now() + 3600_000);
    orgId = admin.orgId;
  }, 90_000);

  afterAll(() => stack?.stop());

  it("takes the server's fleet, and its machines' reports appear in the devices table", async () => {
    const seeded = await dbh.db.select().from(devices).all();
    // A machine whose service stopped (the renewal demo's) is not in the fleet: its unit's connection is cut.
    const stopped = new Set(
      (await filterInOrder(seeded, (d) => serviceStopped(dbh.db, d, Date.now()))).map((d) => d.id),
    );
    expect(stopped.size).toBeGreaterThan(0);
    const inService = seeded.filter((d) => !stopped.has(d.id));
    const awake = inService.filter((d) => !d.sleeping);
    const health = await client.health();
    expect(health.source).toMatchObject({ kind: 'manifest', state: 'loaded' });
    expect(health.machines.total).toBe(inService.length);
    const reportingSince = () =>
      dbh.db
        .selectDistinct({ deviceId: telemetry.deviceId })
        .from(telemetry)
        .where(gt(telemetry.receivedAt, new Date(startedAt)))
        .all();
    await eventually('a report stored from every awake machine, each online', async () => {
      const online = await dbh.db.select().from(devices).where(eq(devices.online, true)).all();
      return (await reportingSince()).length === awake.length && online.length === awake.length;
    });
    await expectEvery(await reportingSince(), (r) => !stopped.has(r.deviceId));
    expect((await client.health()).machines).toMatchObject({
      online: awake.length,
      asleep: inService.length - awake.length,
    });
    expect(
      (
        await dbh.db
          .select()
          .from(devices)
          .where(and(eq(devices.sleeping, true), eq(devices.online, false)))
          .all()
      ).filter((d) => !stopped.has(d.id)),
    ).toHaveLength(inService.length - awake.length);
    // The latest reading of a machine is what the simulator says it sent.
    const one = await client.machine(awake[0]!.serialNumber);
    await eventually(
      'the latest report stored',
      async () => (await device(one.serial)).lastDeviceTime!.getTime() >= one.lastReport!.t,
    );
    expect((await device(one.serial)).latest).toMatchObject({ kind: one.kind });
    expect(server.output.join('')).not.toMatch(/ingest refused/);
  });

  it('carries out an on-stop lock from the console only once the machine has stopped', async () => {
    const target = (await ours()).find((d) => d.lockLevel === 'unlocked' && d.kind === 'aerialPlatform')!;
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
      password: DEMO_PASSWORD,
    });
    const id = created.data.list[0]!.id;
    const held = await client.waitForMachine(target.serialNumber, (m) => m.waiting.some((w) => w.id === id));
    expect(held.recentAcks.map((a) => [a.id, a.result])).toContainEqual([id, 'waiting']);
    // The server has the machine's answer: delivered, waiting for the stop, not carried out.
    await eventually('the server to see the lock delivered', async () => (await command(id)).state === 'delivered');
    expect((await device(target.serialNumber)).lockLevel).toBe('unlocked');

    // Stopped where it is: the lock is carried out, and the server sees it confirmed.
    const now = await client.machine(target.serialNumber);
    await client.move(target.serialNumber, { to: { lat: now.position.lat, lng: now.position.lng } });
    await eventually('the lock to succeed', async () => (await command(id)).state === 'succeeded');
    await eventually(
      'the lock in the device row',
      async () => (await device(target.serialNumber)).lockLevel === 'lock1',
    );
  });

  it('puts a machine to sleep; 12 simulated hours later (at 3600x) it wakes and takes the lock that waited', async () => {
    const target = (await ours()).find((d) => d.lockLevel === 'unlocked' && d.kind !== 'aerialPlatform')!;
    const code = await sleepCode(target.id);
    const asleep = await api(commandEndpoints.create.path, { deviceIds: [target.id], type: 'sleep', code });
    const sleepId = asleep.data.list[0]!.id;
    await eventually('the sleep to succeed', async () => (await command(sleepId)).state === 'succeeded');
    await eventually(
      'the device asleep',
      async () => (await device(target.serialNumber)).sleeping && !(await device(target.serialNumber)).online,
    );
    expect((await client.machine(target.serialNumber)).connection).toBe('asleep');

    const locked = await api(commandEndpoints.create.path, {
      deviceIds: [target.id],
      type: 'lock',
      level: 'lock2',
      password: DEMO_PASSWORD,
    });
    const lockId = locked.data.list[0]!.id;
    // A sleeping machine is not connected: the server keeps the lock queued for its next wake.
    expect((await command(lockId)).state).toBe('queued');

    await client.setSpeed(3600);
    try {
      await eventually(
        'the lock to succeed at the next wake',
        async () => (await command(lockId)).state === 'succeeded',
        30_000,
      );
      // The row follows the machine's report that comes with the lock.
      await eventually(
        'the lock in the device row',
        async () => (await device(target.serialNumber)).lockLevel === 'lock2',
      );
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
    // Count the machines on line once the server agrees with the simulator: on a slow host the sleep test's
    // machine may have gone back to sleep in the simulator while its going is still on its way to the devices
    // table, and a sleeping machine has no goodbye to say. And stop once the units hold no backlog (the hour-long
    // minutes of the sleep test may leave some behind a slow server; a goodbye waits behind what is in flight).
    const onLine = async () => {
      const { machines } = await client.machines({ connection: 'online', limit: 1000 });
      const serials = new Set(machines.map((m) => m.serial));
      const rows = await dbh.db.select().from(devices).where(eq(devices.online, true)).all();
      const agreed = rows.length === serials.size && rows.every((d) => serials.has(d.serialNumber));
      return agreed && (await client.health()).mqtt.held < 10 ? rows : null;
    };
    const online = await eventually('the server and the simulator to agree, with no backlog', onLine, 90_000);
    expect(online.length).toBeGreaterThan(0);
    const before = (await dbh.db.select().from(alarms).where(eq(alarms.type, 'offline')).all()).length;
    const lastLog =
      (
        await dbh.db
          .select({ n: max(deviceLogs.id) })
          .from(deviceLogs)
          .get()
      )?.n ?? 0;
    const farewells = () =>
      dbh.db
        .select({ deviceId: deviceLogs.deviceId })
        .from(deviceLogs)
        .where(and(gt(deviceLogs.id, lastLog), eq(deviceLogs.event, 'offline'), eq(deviceLogs.detail, 'shutdown')))
        .all();
    await sim.stop();
    // Each machine's goodbye is taken in by the server: its offline entry says why, and the alarms that event
    // would raise are written with it.
    await eventually(
      'every machine to say goodbye',
      async () => new Set((await farewells()).map((f) => f.deviceId)).size === online.length,
    );
    expect(await dbh.db.select().from(devices).where(eq(devices.online, true)).all()).toEqual([]);
    expect(await dbh.db.select().from(alarms).where(eq(alarms.type, 'offline')).all()).toHaveLength(before);
  }, 120_000);
});
