import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { eq, sql } from 'drizzle-orm';
import { openDb, type DbHandle } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { seedDemo } from '@console/db/seed/demo';
import { DEV_FLEET_SECRET, deviceSecret, hashDeviceSecret } from '@console/contract/mqtt/credentials';
import type { LiveEvent } from '@console/contract/http/live';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { topics } from '@console/contract/mqtt/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '@console/server/src/ingest/broker';
import { brokerAccounts } from '@console/server/src/ingest/broker-access';
import { startIngest, type Ingest, type IngestOptions } from '@console/server/src/ingest/ingest';
import { createCommandQueue, type CommandQueue } from '@console/server/src/commands/queue';
import { LiveHub } from '@console/server/src/live/hub';
import { readEnv } from '@console/server/src/lib/env';
import { asServerHandle, seededClone, testEngine } from '../../fixtures/demo-database.ts';

export const SERVER_USER = 'console-server';
export const SERVER_PASSWORD = 'test-server-password';
/** The ports these tests may listen on. */
const PORTS = { first: 18500, last: 18599 };

/** The small seed of the ingest tests: 50 machines, no history (on PostgreSQL too, db-pg/crash.test.ts). */
export const SMALL_SEED = { devices: 50, historyDevices: 0 };

let image: Buffer | null = null;

/**
 * A private copy of the small seed on the engine the test apps run on (TEST_ENGINE): SQLite's `smallSeededDb`, or on
 * PostgreSQL a database of its own, as the test apps' (fixtures/test-app.ts), with `sqlite` and `sqliteDb` undefined
 * as in the server's handle, so that ingest and the broker take PostgreSQL's store and reads.
 */
export async function smallSeededDatabase(): Promise<DbHandle> {
  if (testEngine() === 'sqlite') return smallSeededDb();
  return asServerHandle(await seededClone('ingest-small', (db) => seedDemo(db, SMALL_SEED)));
}

/** A private copy of a small seeded SQLite database (`SMALL_SEED`), seeded once per test file. */
export async function smallSeededDb(): Promise<DbHandle> {
  if (!image) {
    const template = openDb(':memory:');
    await seedDemo(template.db, SMALL_SEED);
    image = template.sqlite.serialize();
    template.close();
  }
  return openDb(image);
}

/**
 * A copy of the small seeded database in a file of a new folder, for tests whose connections must share it (as the
 * server's threads do). The caller removes `dir`.
 */
export async function smallSeededFile(): Promise<{ dir: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'console-ingest-'));
  const file = join(dir, 'console.db');
  const seeded = await smallSeededDb();
  writeFileSync(file, seeded.sqlite.serialize());
  seeded.close();
  return { dir, file };
}

/**
 * How a test's ingest reaches its embedded broker: the feed, as the server's does (broker-feed.ts), or as an MQTT
 * client, as the server reaches an external broker.
 */
export type IngestWay = 'feed' | 'mqtt';

/** Ingest's options for reaching `broker` that way; a feed is a new channel, attached to the broker now. */
export function wayTo(broker: EmbeddedBroker, way: IngestWay): Partial<IngestOptions> {
  if (way === 'mqtt') return { url: broker.url };
  const channel = new MessageChannel();
  broker.attachIngest(channel.port1);
  return { feed: channel.port2 };
}

/** An embedded broker on a free port of this suite's range. */
export async function startBroker(dbh: DbHandle): Promise<EmbeddedBroker> {
  // SQLite's own connection where there is one, as the server's broker (broker-worker.ts).
  const accounts = brokerAccounts(dbh.sqliteDb ?? dbh.db, SERVER_USER, SERVER_PASSWORD);
  const start = PORTS.first + Math.floor(Math.random() * (PORTS.last - PORTS.first + 1));
  for (let i = 0; i <= PORTS.last - PORTS.first; i++) {
    const port = PORTS.first + ((start - PORTS.first + i) % (PORTS.last - PORTS.first + 1));
    try {
      return await startEmbeddedBroker({ port, host: '127.0.0.1', accounts });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('no free port in the ingest tests range');
}

/**
 * Another writer holds the database until the answer is called (a long transaction on the API's thread): SQLite's
 * write lock; on PostgreSQL a transaction that changed a machine, which ingest's batch waits for (its kept-state
 * lock, db/migrations-pg/0006).
 */
export async function holdTheDatabase(other: DbHandle, deviceId: number): Promise<() => Promise<void>> {
  if (testEngine() === 'sqlite') {
    other.sqlite.prepare('BEGIN IMMEDIATE').run();
    return async () => void other.sqlite.prepare('COMMIT').run();
  }
  let release!: () => void;
  let began!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const begun = new Promise<void>((resolve) => (began = resolve));
  const done = other.db.transaction(async (tx) => {
    await tx
      .update(devices)
      .set({ location: sql`${devices.location}` })
      .where(eq(devices.id, deviceId))
      .run();
    began();
    await held;
  });
  await Promise.race([begun, done]);
  return async () => {
    release();
    await done;
  };
}

export interface Logged {
  level: string;
  message: string;
}

/**
 * Ingest (with its command queue) on a database, with what it logs and the live events it publishes kept for
 * the test. `now` replaces the clock; `commands` an existing queue.
 */
export async function startTestIngest(
  dbh: DbHandle,
  options: Partial<IngestOptions>,
  extra: { now?: () => number; commands?: CommandQueue } = {},
) {
  const logged: Logged[] = [];
  const live = new LiveHub();
  const events: LiveEvent[] = [];
  const everyOwner = new Set((await dbh.db.select({ id: devices.orgId }).from(devices).all()).map((d) => d.id));
  live.subscribe({ visible: () => everyOwner, send: (e) => events.push(e) });
  const base = {
    dbh,
    env: readEnv({ NODE_ENV: 'test' }),
    now: extra.now ?? Date.now,
    live,
    log: (level: string, message: string) => void logged.push({ level, message }),
  };
  const commands = extra.commands ?? (await createCommandQueue(base));
  const ingest: Ingest = startIngest(
    { ...base, commands },
    {
      clientId: `ingest-test-${randomBytes(4).toString('hex')}`,
      username: SERVER_USER,
      password: SERVER_PASSWORD,
      flushMs: 20,
      ...options,
    },
  );
  return { ingest, logged, events, commands };
}

export function secretOf(serial: string): string {
  return deviceSecret(DEV_FLEET_SECRET, serial);
}

/** Connect as a machine: its serial is client id and user name, its secret the password. */
export function connectMachine(url: string, serial: string, options: IClientOptions = {}): Promise<MqttClient> {
  return connectAsync(url, {
    clientId: serial,
    username: serial,
    password: secretOf(serial),
    reconnectPeriod: 0,
    connectTimeout: 3000,
    ...options,
  });
}

/** Wait until a condition holds (polling), or fail with what was expected. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function deviceBySerial(dbh: DbHandle, serial: string) {
  return (await dbh.db.select().from(devices).where(eq(devices.serialNumber, serial)).get())!;
}

/** A machine of a kind from the seeded fleet, online or not (not asleep), without an open alarm. */
export async function seededMachine(dbh: DbHandle, kind: string, online: boolean, skip = 0) {
  const found = (await dbh.db.select().from(devices).all()).filter(
    (d) => d.kind === kind && d.online === online && !d.sleeping && !d.alarmOpen,
  );
  const device = found[skip];
  if (!device) throw new Error(`no seeded ${kind} (online ${online}) #${skip}`);
  return device;
}

/** Add a machine with a serial no other run uses (for a shared broker), with its secret from the fleet secret. */
export async function addUniqueMachine(dbh: DbHandle, kind: TelemetryMessage['data']['kind']): Promise<string> {
  const template = (await dbh.db.select().from(devices).where(eq(devices.kind, kind)).get())!;
  const serial = `T${randomBytes(6).toString('hex').toUpperCase()}`;
  const { id: _id, ...rest } = template;
  await dbh.db
    .insert(devices)
    .values({
      ...rest,
      serialNumber: serial,
      online: false,
      status: 2,
      mqttSecretHash: hashDeviceSecret(secretOf(serial)),
    })
    .run();
  return serial;
}

const baseReport = {
  seq: 1,
  signal: 'strong',
  lock: 'unlocked',
} as const;

/** A plausible aerial platform report at device time t, with changes. */
export function platformReport(
  t: number,
  data: Partial<Extract<TelemetryMessage['data'], { kind: 'aerialPlatform' }>> = {},
  pos?: TelemetryMessage['pos'] | null,
): TelemetryMessage {
  return {
    ...baseReport,
    t,
    pos: pos === null ? undefined : (pos ?? { lat: 31.2304, lng: 121.4737, speed: 3.5, fix: 'gps' }),
    data: {
      kind: 'aerialPlatform',
      platformHeightM: 8,
      loadPct: 40,
      tiltDeg: 2,
      batteryV: 24.6,
      batteryPct: 70,
      driving: false,
      lifting: true,
      workingHours: 1234.5,
      faults: [],
      ...data,
    },
  };
}

/** Publish a report (or any text) on a machine's telemetry topic, QoS 0 as the protocol says. */
export function publishReport(client: MqttClient, serial: string, report: unknown): Promise<unknown> {
  return client.publishAsync(topics.telemetry(serial), typeof report === 'string' ? report : JSON.stringify(report));
}
