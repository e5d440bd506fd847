import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, openDb, type AnyDbHandle, type Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { seedDemo } from '@console/db/seed/demo';
import { createScratchDatabase, PG_SERVER } from '../../tests/integration/db-pg/scratch-database.ts';
import { processIsGone } from '../../tests/fixtures/demo-database.ts';

/** The ports the benchmark's servers, brokers and simulators listen on. */
export const BENCH_PORTS = { first: 18600, last: 18699 };

export interface BenchDb {
  dir: string;
  file: string;
  /** The seeded machines' serials and kinds, in id order. */
  machines: { serialNumber: string; kind: string; lat: number | null; lng: number | null }[];
  remove(): void;
}

/**
 * A fresh database file seeded with the demo business and `machines` machines (as `SEED_DEVICES` does), in a
 * directory of its own that `remove()` deletes.
 */
export async function seedBenchDb(machines: number, historyDevices = 0): Promise<BenchDb> {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const file = join(dir, 'console.db');
  const dbh = openDb(file);
  await seedDemo(dbh.db, { devices: machines, historyDevices });
  const rows = dbh.sqlite.prepare('SELECT serial_number, kind, lat, lng FROM devices ORDER BY id').all() as {
    serial_number: string;
    kind: string;
    lat: number | null;
    lng: number | null;
  }[];
  dbh.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  dbh.close();
  return {
    dir,
    file,
    machines: rows.map((r) => ({ serialNumber: r.serial_number, kind: r.kind, lat: r.lat, lng: r.lng })),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The engines the `ingest` and `api` parts measure the product on (BENCH_DB). */
export type BenchEngine = 'sqlite' | 'postgres';

/** BENCH_DB: `sqlite` (the default), `postgres` or `both`; null when it names none of them. */
export function benchEngines(setting = 'sqlite'): BenchEngine[] | null {
  const engines: Record<string, BenchEngine[]> = {
    sqlite: ['sqlite'],
    postgres: ['postgres'],
    both: ['sqlite', 'postgres'],
  };
  return Object.hasOwn(engines, setting) ? engines[setting]! : null;
}

/**
 * A bench database of either engine: SQLite's file as seedBenchDb makes it, or a fresh PostgreSQL database
 * (`url`, the server's DATABASE_URL) on the tests' server (PG_URL, by default 127.0.0.1:5432) seeded by the same
 * demo seed; `dir` holds the scenario files, and on PostgreSQL the server's uploads beside `file`. `remove()` deletes
 * both.
 */
export interface EngineDb extends Omit<BenchDb, 'remove'> {
  engine: BenchEngine;
  url?: string;
  remove(): Promise<void>;
}

/** PostgreSQL databases this process made and has not dropped yet, with how to drop each. */
const pgDatabases = new Map<string, () => Promise<void>>();

/**
 * An interrupted run (Ctrl-C, a SIGTERM) drops its PostgreSQL databases before it exits; its child processes stop
 * with it (tests/fixtures/server-process.ts). A run killed outright leaves them, and the next run on the same
 * server drops those of processes that are gone (`dropLeftBehind`).
 */
let dropOnSignal = false;
function dropDatabasesOnSignal(): void {
  if (dropOnSignal) return;
  dropOnSignal = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => {
      console.warn(`bench: ${signal}: dropping the bench's PostgreSQL databases`);
      // The work cut short fails meanwhile (its connections ended by the drop): said, and no reason to stop sooner.
      const cutShort = (error: unknown) => console.warn(`bench: cut short: ${(error as Error)?.message ?? error}`);
      process.on('uncaughtException', cutShort).on('unhandledRejection', cutShort);
      void Promise.allSettled([...pgDatabases.values()].map((drop) => drop())).finally(() => process.exit(code));
    });
}

/**
 * The PostgreSQL server's version and the settings the figures depend on, for the report: a host may run it with
 * autovacuum off (tuned for tests), which leaves vacuuming to the server's own upkeep (server/src/retention/vacuum.ts).
 */
export async function pgServerSettings(): Promise<string> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from pg_settings
        where name in ('server_version', 'autovacuum', 'shared_buffers', 'synchronous_commit') order by name`,
    );
    const setting = new Map(rows.map((r) => [r.name, r.setting]));
    return (
      `PostgreSQL ${setting.get('server_version')}: autovacuum ${setting.get('autovacuum')}, ` +
      `shared_buffers ${setting.get('shared_buffers')}, synchronous_commit ${setting.get('synchronous_commit')}`
    );
  } finally {
    await client.end();
  }
}

/** `console_bench_<pid>_<hex>` databases of processes no longer running, on a server of this machine. */
async function dropLeftBehind(): Promise<void> {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(PG_SERVER).hostname)) return;
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^console_bench_[0-9]+_[0-9a-f]+$'",
    );
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[2]);
      if (pid === process.pid || !processIsGone(pid)) continue;
      console.warn(`bench: dropping ${datname}, left by process ${pid}, which is gone`);
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database seeded with the demo business and `machines` machines, as seedBenchDb on SQLite. */
async function seedPgBenchDb(machines: number, historyDevices: number): Promise<EngineDb> {
  dropDatabasesOnSignal();
  await dropLeftBehind();
  const scratch = await createScratchDatabase('console_bench');
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const remove = async () => {
    pgDatabases.delete(scratch.url);
    try {
      await scratch.drop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  pgDatabases.set(scratch.url, remove);
  try {
    // Migrated by the product's own migrations, then the same seed as on SQLite.
    const handle = await openDatabase('', { url: scratch.url });
    // An interrupted run ends its connections by dropping the database: not an error of its own.
    if (handle.engine === 'postgres') handle.pool.on('error', () => undefined);
    try {
      await seedDemo(handle.db, { devices: machines, historyDevices });
      const rows = await handle.db
        .select({ serialNumber: devices.serialNumber, kind: devices.kind, lat: devices.lat, lng: devices.lng })
        .from(devices)
        .orderBy(devices.id)
        .all();
      // What autovacuum would do soon after such a load, done now, so it does not run during a measurement and the
      // planner has its statistics (SQLite's counterpart: the checkpoint above and openDb's `optimize`).
      await handle.db.run(sql`vacuum analyze`);
      return { engine: 'postgres', dir, file: join(dir, 'console.db'), url: scratch.url, machines: rows, remove };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

/** A bench database on `engine` seeded with the demo business and `machines` machines (see seedBenchDb). */
export async function seedEngineDb(engine: BenchEngine, machines: number, historyDevices = 0): Promise<EngineDb> {
  if (engine === 'postgres') return seedPgBenchDb(machines, historyDevices);
  const db = await seedBenchDb(machines, historyDevices);
  return { ...db, engine, remove: async () => db.remove() };
}

/**
 * A second connection to a bench database, as the query code sees it (engine-neutral), beside the server that owns
 * it: it neither migrates nor seeds.
 */
export async function openEngineDb(db: EngineDb): Promise<AnyDbHandle> {
  // url '' rather than undefined: a DATABASE_URL of the shell must not turn SQLite's reader to PostgreSQL.
  const handle = await openDatabase(db.file, { url: db.url ?? '', migrate: false, max: 2 });
  // A connection ended by the database's drop (an interrupted run) is not an error of the run.
  if (handle.engine === 'postgres') handle.pool.on('error', () => undefined);
  return handle;
}

/** The server's settings for the engine: DATABASE_URL to PostgreSQL, or empty for SQLite's DB_FILE. */
export const engineEnv = (db: EngineDb): Record<string, string> => ({ DATABASE_URL: db.url ?? '' });

/**
 * Telemetry rows the server stored: the newest id, and the rows between two ids. SQLite hands out ids without gaps
 * (a rolled-back insert gives its ids back), so there the rows are the difference; a PostgreSQL sequence keeps the
 * ids of a batch written again after a serialization failure, so there they are counted.
 */
export function telemetryCounter(db: Db, engine: BenchEngine) {
  return {
    newest: async () =>
      Number((await db.get<{ n: number }>(sql`select coalesce(max(id), 0) as n from telemetry`))?.n ?? 0),
    between: async (after: number, upTo: number) =>
      engine === 'sqlite'
        ? upTo - after
        : Number(
            (
              await db.get<{ n: number }>(
                sql`select count(*) as n from telemetry where id > ${after} and id <= ${upTo}`,
              )
            )?.n ?? 0,
          ),
  };
}

/**
 * A scenario file for the simulator: the first `count` machines of the database, awake, each reporting every
 * `intervalS` seconds (the shortest interval a unit may be given). Both sides of a comparison run this same
 * file, so they carry the same load.
 */
export function writeScenario(db: Pick<BenchDb, 'dir' | 'machines'>, count: number, intervalS = 1): string {
  if (count > db.machines.length) throw new Error(`the database holds ${db.machines.length} machines, not ${count}`);
  const machines = db.machines.slice(0, count).map((m) => ({
    serial: m.serialNumber,
    kind: m.kind,
    lat: m.lat ?? 31.2304,
    lng: m.lng ?? 121.4737,
    reportIntervalS: intervalS,
    sleeping: false,
  }));
  const file = join(db.dir, `scenario-${count}.json`);
  writeFileSync(file, JSON.stringify({ seed: 1, machines }));
  return file;
}
