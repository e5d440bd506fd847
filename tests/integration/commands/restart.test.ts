import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb, type DbHandle } from '@console/db/client';
import { commands, devices, operationLogs } from '@console/db/schema/devices';
import { startEmbeddedBroker, type EmbeddedBroker } from '@console/server/src/ingest/broker';
import { brokerAccounts } from '@console/server/src/ingest/broker-access';
import type { EnqueueInput } from '@console/server/src/commands/queue';
import { scheduledGrant } from '@console/server/src/commands/authorise';
import {
  SERVER_PASSWORD,
  SERVER_USER,
  seededMachine,
  smallSeededDb,
  startBroker,
  startTestIngest,
  waitFor,
} from '../ingest/helpers.ts';
import { eventually, playMachine, type PlayedMachine } from './helpers.ts';
import { everyInOrder } from '@console/db/in-order';

/** One server: database, embedded broker, ingest with its command queue (as main.ts wires them). */
async function startServer(file: string | DbHandle, port?: number) {
  const dbh = typeof file === 'string' ? openDb(file, { migrate: false }) : file;
  const broker = port
    ? await startEmbeddedBroker({
        port,
        host: '127.0.0.1',
        accounts: brokerAccounts(dbh.sqliteDb, SERVER_USER, SERVER_PASSWORD),
      })
    : await startBroker(dbh);
  const { ingest, commands: queue } = await startTestIngest(dbh, {
    url: broker.url,
    clientId: 'console-server',
    persistentSession: true,
  });
  await ingest.ready;
  return { dbh, broker, ingest, queue };
}
type Server = Awaited<ReturnType<typeof startServer>>;

const lockFor = (deviceId: number): EnqueueInput => ({
  deviceIds: [deviceId],
  type: 'lock',
  level: 'lock1',
  mode: 'unconditional',
  ttlMinutes: 60,
});
/** A lock day setting's grant: these tests are of the queue, below the rule of who may command. */
const grantFor = (deviceId: number) => scheduledGrant({ kind: 'lock', createdBy: null }, [deviceId]);

describe('commands survive restarts', () => {
  const machines: PlayedMachine[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    await Promise.all(machines.splice(0).map((m) => m.client.endAsync(true)));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const play = async (url: string, serial: string, options?: { subscribe?: boolean }) => {
    const machine = await playMachine(url, serial, options);
    machines.push(machine);
    return machine;
  };
  const row = async (dbh: DbHandle, id: string) =>
    (await dbh.db.select().from(commands).where(eq(commands.id, id)).get())!;
  const isOnline = async (dbh: DbHandle, id: number) =>
    (await dbh.db.select().from(devices).where(eq(devices.id, id)).get())!.online;
  const stop = async (s: Server) => {
    await s.ingest.stop();
    await s.broker.close();
  };

  it('delivers a command that was sent but not delivered before the server restarted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'commands-restart-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'console.db');
    const seeded = await smallSeededDb();
    writeFileSync(file, seeded.sqlite.serialize());
    const device = await seededMachine(seeded, 'aerialPlatform', false);
    seeded.close();

    const first = await startServer(file);
    // The machine is online but never took the command: the broker dropped it.
    const unit = await play(first.broker.url, device.serialNumber, { subscribe: false });
    await waitFor('online', () => isOnline(first.dbh, device.id));
    const [created] = await first.queue.enqueue(lockFor(device.id), grantFor(device.id));
    expect(await row(first.dbh, created!.id)).toMatchObject({ state: 'sent', attempts: 1 });
    await unit.client.endAsync();
    await stop(first);
    first.dbh.close();

    const second = await startServer(file);
    cleanups.push(async () => {
      await stop(second);
      second.dbh.close();
    });
    const machine = await play(second.broker.url, device.serialNumber);
    await eventually('the command at the machine', async () => machine.received.length > 0);
    expect(machine.received.map((c) => c.id)).toEqual([created!.id]);
    await machine.ack(created!.id, 'done', { state: { lock: 'lock1', sleeping: false } });
    await waitFor('success', async () => (await row(second.dbh, created!.id)).state === 'succeeded');
    expect((await row(second.dbh, created!.id)).attempts).toBeGreaterThanOrEqual(2);
    const steps = (
      await second.dbh.db.select().from(operationLogs).where(eq(operationLogs.commandId, created!.id)).all()
    ).map((l) => l.action);
    expect(steps).toContain('command.resent');
    expect(steps.at(-1)).toBe('command.succeeded');
  });

  it('delivers queued and sent commands after the embedded broker restarted', async () => {
    const dbh = await smallSeededDb();
    const server = await startServer(dbh);
    let broker: EmbeddedBroker = server.broker;
    cleanups.push(async () => {
      await server.ingest.stop();
      await broker.close();
      dbh.close();
    });
    const away = await seededMachine(dbh, 'aerialPlatform', false, 1);
    const online = await seededMachine(dbh, 'aerialPlatform', false, 2);
    const unit = await play(broker.url, online.serialNumber, { subscribe: false });
    await waitFor('online', () => isOnline(dbh, online.id));
    const [queued] = await server.queue.enqueue(lockFor(away.id), grantFor(away.id));
    const [sent] = await server.queue.enqueue(lockFor(online.id), grantFor(online.id));
    expect([(await row(dbh, queued!.id)).state, (await row(dbh, sent!.id)).state]).toEqual(['queued', 'sent']);

    await unit.client.endAsync(true);
    await broker.close();
    await waitFor('ingest to notice', () => !server.ingest.stats().connected);
    broker = await startEmbeddedBroker({
      port: broker.port,
      host: '127.0.0.1',
      accounts: brokerAccounts(dbh.sqliteDb, SERVER_USER, SERVER_PASSWORD),
    });
    await waitFor('ingest to reconnect', () => server.ingest.stats().connected, 10_000);

    const [a, b] = [await play(broker.url, away.serialNumber), await play(broker.url, online.serialNumber)];
    await eventually('both commands at their machines', async () => a.received.length > 0 && b.received.length > 0);
    expect(a.received.map((c) => c.id)).toEqual([queued!.id]);
    expect(new Set(b.received.map((c) => c.id))).toEqual(new Set([sent!.id]));
    await a.ack(queued!.id, 'done', { state: { lock: 'lock1', sleeping: false } });
    await b.ack(sent!.id, 'done', { state: { lock: 'lock1', sleeping: false } });
    await waitFor(
      'both succeeded',
      async () => await everyInOrder([queued!.id, sent!.id], async (id) => (await row(dbh, id)).state === 'succeeded'),
    );
  });
});
