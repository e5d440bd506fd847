import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as callbackDrizzle } from 'drizzle-orm/sqlite-proxy';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConnectionGate } from './gate.ts';
import type pg from 'pg';
import type { PgSettings } from './pg/connect.ts';

/**
 * The database as all query code sees it: every read and write is a promise (docs/decisions/067), so the same code
 * runs on SQLite here and on PostgreSQL's pooled connections.
 */
export type Db = BaseSQLiteDatabase<'async', Database.RunResult>;
/** The same connection read and written synchronously: only ingest's own thread uses it (until its batching). */
export type SyncDb = BetterSQLite3Database;
export interface DbHandle {
  db: Db;
  sqliteDb: SyncDb;
  sqlite: Database.Database;
  close(): void;
}

/**
 * The server's database on either engine: `db` for all query code; SQLite's own connection (ingest's store, the
 * rollup) only on SQLite.
 */
export type ServerDbHandle =
  DbHandle | { db: Db; sqliteDb?: undefined; sqlite?: undefined; close(): void | Promise<void> };

const MIGRATIONS = join(import.meta.dirname, 'migrations');

/**
 * What ingest keeps in memory between batches (server/src/ingest/store.ts), and the changes to it that move
 * kept_state_version: temporary triggers, which belong to the connection that made them, so every connection but
 * ingest's marks its changes and ingest's own writes cost nothing more.
 */
const KEPT_STATE_CHANGES = [
  'UPDATE ON main.devices',
  'DELETE ON main.devices',
  'INSERT ON main.alarms',
  'UPDATE ON main.alarms',
  'DELETE ON main.alarms',
  'UPDATE OF name ON main.organisations',
  'DELETE ON main.organisations',
];

function markKeptStateChanges(sqlite: Database.Database): void {
  // A database not migrated yet has nothing ingest could keep.
  if (!sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'kept_state_version'").get()) return;
  KEPT_STATE_CHANGES.forEach((change, i) =>
    sqlite.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS kept_state_change_${i} AFTER ${change} ` +
        'BEGIN UPDATE main.kept_state_version SET version = version + 1 WHERE id = 1; END',
    ),
  );
}

/** How many distinct statements a connection keeps prepared for drizzle (a few hundred are in use). */
const KEPT_STATEMENTS = 1000;

/**
 * The connection as drizzle sees it, with the statements it prepares kept by their SQL: drizzle prepares every query
 * anew, and preparing costs SQLite about as much as running a short query again. drizzle switches a statement to
 * arrays (`raw()`) for its own mapping, so a kept one goes back to objects before it is handed out again; one
 * still being iterated is not handed out twice. The least recently used go first past KEPT_STATEMENTS.
 */
function keepingStatements(sqlite: Database.Database): Database.Database {
  const kept = new Map<string, Database.Statement>();
  const prepare = (source: string) => {
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      kept.delete(source);
      kept.set(source, statement);
      if (statement.reader) statement.raw(false);
      return statement;
    }
    const fresh = sqlite.prepare(source);
    if (statement) return fresh;
    kept.set(source, fresh);
    if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
    return fresh;
  };
  return new Proxy(sqlite, {
    get(target, key) {
      if (key === 'prepare') return prepare;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Open (creating if needed) and migrate the database. `:memory:` gives a private one for tests, and so does
 * the image of another database (`sqlite.serialize()`): a private in-memory copy of it. `migrate: false` is
 * for a second process on a database its server owns and has migrated (test fixtures). `ingest: true` is the
 * ingest thread's connection, whose writes are what ingest keeps (above).
 */
export function openDb(
  file: string | Buffer,
  options: { migrate?: boolean; ingest?: boolean; logQuery?: (sql: string, params: unknown[]) => void } = {},
): DbHandle {
  if (typeof file === 'string' && file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kept = keepingStatements(sqlite);
  const sqliteDb = drizzle(kept);
  // The API and ingest write from threads of their own (docs/decisions/017). A transaction that reads before it
  // writes would fail at once (SQLITE_BUSY) if the other committed in between; one that takes the write lock at
  // BEGIN waits for it (busy_timeout) instead.
  const transaction = sqliteDb.transaction.bind(sqliteDb);
  sqliteDb.transaction = ((run, config) =>
    transaction(run, { behavior: 'immediate', ...config })) as typeof sqliteDb.transaction;
  if (options.migrate !== false) migrate(sqliteDb, { migrationsFolder: MIGRATIONS });
  // Planner statistics for tables that lack or outgrew them (SQLite's advice for long-lived connections):
  // without them a scoped device list picks index-OR plans that are 10x slower on a large fleet. They wait for a
  // database another connection keeps writing (the ingest thread opens while the API's first scheduler pass writes
  // for seconds on a slow host), and failed the thread after busy_timeout: the next connection writes them instead.
  try {
    sqlite.pragma('optimize=0x10002');
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
  }
  if (!options.ingest) markKeptStateChanges(sqlite);
  return { db: asyncDb(kept, options.logQuery), sqliteDb, sqlite, close: () => sqlite.close() };
}

/** A database of either engine, as the query code sees it; `sqlite` is there only on SQLite (ingest's store). */
export type AnyDbHandle =
  | { engine: 'sqlite'; db: Db; sqlite: DbHandle; close(): Promise<void> }
  | { engine: 'postgres'; db: Db; pool: pg.Pool; close(): Promise<void> };

/** Whether `url` (DATABASE_URL) names a PostgreSQL database. */
export const isPostgresUrl = (url: string | undefined): boolean => !!url && /^postgres(ql)?:\/\//.test(url);

/**
 * Open the database the configuration names (docs/decisions/067): PostgreSQL when `url` (by default DATABASE_URL) is
 * postgres://…, migrated from db/migrations-pg, its connections with `pgSettings`; else the SQLite `file`, exactly
 * as `openDb` opens it.
 */
export async function openDatabase(
  file: string | Buffer,
  options: Parameters<typeof openDb>[1] & { url?: string; max?: number; pgSettings?: PgSettings } = {},
): Promise<AnyDbHandle> {
  const { url = process.env.DATABASE_URL, max, pgSettings, ...sqliteOptions } = options;
  if (url && isPostgresUrl(url)) {
    const { openPgDb } = await import('./pg/database.ts');
    return openPgDb(url, { migrate: options.migrate, logQuery: options.logQuery, max, settings: pgSettings });
  }
  if (url)
    throw new Error(`DATABASE_URL must be postgres://… (or unset for SQLite): ${url.replace(/:[^:@/]*@/, ':***@')}`);
  const handle = openDb(file, sqliteOptions);
  return { engine: 'sqlite', db: handle.db, sqlite: handle, close: async () => handle.close() };
}

/**
 * A transaction at READ COMMITTED on PostgreSQL, for work that takes the locks it needs itself (ingest's batch,
 * docs/decisions/067 step 5); on SQLite the same as `db.transaction`, which holds the only write lock.
 */
export function readCommittedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolation: 'read committed' } as never);
}

/** The server's handle of a database opened by `openDatabase`. */
export const serverHandle = (opened: AnyDbHandle): ServerDbHandle =>
  opened.engine === 'sqlite' ? opened.sqlite : { db: opened.db, close: opened.close };

type Method = 'run' | 'all' | 'values' | 'get';

/**
 * drizzle's asynchronous SQLite database over better-sqlite3: each statement passes the connection's gate
 * (db/gate.ts), then runs at once. drizzle maps the rows of its own builders from arrays; SQL written by hand
 * (`db.all(sql…)`, `db.get(sql…)`) answers objects by column name, as better-sqlite3's own driver did. Errors are
 * the driver's own (drizzle's wrapper would hide SQLite's code from the callers that read it).
 */
function asyncDb(sqlite: Database.Database, logQuery?: (sql: string, params: unknown[]) => void): Db {
  const gate = new ConnectionGate();
  const statement = async (source: string, params: unknown[], method: Method, arrays: boolean) => {
    const wait = gate.pass();
    if (wait) await wait;
    const prepared = sqlite.prepare(source);
    if (method === 'run') return prepared.run(...params);
    if (prepared.reader) prepared.raw(arrays || method === 'values');
    if (method === 'get') return { rows: prepared.get(...params) };
    return { rows: prepared.all(...params) };
  };
  const db = callbackDrizzle(
    (source, params, method) => statement(source, params, method, true) as unknown as Promise<{ rows: unknown[] }>,
    logQuery ? { logger: { logQuery } } : {},
  ) as unknown as Db;
  type Prepared = { client: unknown; queryWithCache: unknown };
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => Prepared } }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery(...args);
    const [, fields, , , mapper] = args;
    if (!fields && !mapper)
      prepared.client = (source: string, params: unknown[], method: Method) => statement(source, params, method, false);
    prepared.queryWithCache = (_source: string, _params: unknown[], query: () => Promise<unknown>) => query();
    return prepared;
  };
  let savepoints = 0;
  const inTransaction = async <T>(work: (tx: Db) => Promise<T>, config?: { behavior?: string }): Promise<T> => {
    if (gate.holds()) {
      const name = `unit_${++savepoints}`;
      await db.run(sql.raw(`SAVEPOINT ${name}`));
      try {
        const result = await work(db);
        await db.run(sql.raw(`RELEASE ${name}`));
        return result;
      } catch (error) {
        await db.run(sql.raw(`ROLLBACK TO ${name}`));
        await db.run(sql.raw(`RELEASE ${name}`));
        throw error;
      } finally {
        savepoints--;
      }
    }
    return gate.hold(async () => {
      await db.run(sql.raw(`BEGIN ${config?.behavior ?? 'IMMEDIATE'}`));
      try {
        const result = await work(db);
        await db.run(sql`COMMIT`);
        return result;
      } catch (error) {
        await db.run(sql`ROLLBACK`);
        throw error;
      }
    });
  };
  db.transaction = inTransaction as unknown as Db['transaction'];
  return db;
}
