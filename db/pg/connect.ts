/**
 * A PostgreSQL connection for the query code written over the sqlite tables of db/schema. drizzle's pg dialect
 * renders those tables as they are, and their columns decode what the driver returns as they decode SQLite's
 * values: ms timestamps and other integers as numbers, JSON as text they parse themselves, booleans from 1/0 or
 * true/false alike. So this pool returns int8 and numeric (count(*), sum()) as numbers, json / jsonb as text, and
 * booleans as SQLite stores them, 1 and 0: SQL written by hand reads the same values on both engines.
 */
import { join } from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type PgDb = NodePgDatabase;
export interface PgHandle {
  db: PgDb;
  pool: pg.Pool;
  close(): Promise<void>;
}

const MIGRATIONS = join(import.meta.dirname, '..', 'migrations-pg');

const { builtins } = pg.types;
/** Text as it comes: what JSON columns of the sqlite tables parse. */
const asText = (value: string) => value;
/**
 * Numbers, as SQLite gives them. int8 holds ids, cents and ms timestamps, all far below 2^53; numeric comes only
 * from aggregates (sum, avg) over those.
 */
const PARSERS: Record<number, (value: string) => unknown> = {
  [builtins.INT8]: Number,
  [builtins.NUMERIC]: Number,
  [builtins.JSON]: asText,
  [builtins.JSONB]: asText,
  [builtins.BOOL]: (value: string) => (value === 't' ? 1 : 0),
};

type TypeParser = (oid: number, format?: string) => unknown;

/** The parsers above before the ones a query or connection would use otherwise. */
function withParsers(fallback: TypeParser): pg.CustomTypesConfig {
  const getTypeParser = (oid: number, format?: string) =>
    (format ?? 'text') === 'text' && PARSERS[oid] ? PARSERS[oid] : fallback(oid, format);
  return { getTypeParser } as pg.CustomTypesConfig;
}

const connectionTypes = withParsers(pg.types.getTypeParser as TypeParser);

/**
 * A client whose queries use the parsers. drizzle gives each query types of its own (date and time types as text),
 * which win over the connection's and fall back to the process-wide `pg.types`; rather than change those for every
 * pg user of the process, the query's own types are wrapped here.
 */
class ParsingClient extends pg.Client {}
const query = pg.Client.prototype.query;
ParsingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const own = config as { types?: pg.CustomTypesConfig; submit?: unknown } | null;
  // Submittables (cursors, streams) carry their own result handling: left as they are.
  const typed =
    own && typeof own === 'object' && own.types && !own.submit
      ? { ...own, types: withParsers(own.types.getTypeParser as TypeParser) }
      : config;
  return (query as (this: pg.Client, ...args: unknown[]) => unknown).call(this, typed, ...rest);
} as typeof query;

/**
 * Settings of a pool's every connection (`-c name=value` at its start), as `set name = value` would make them. The
 * server splits the options at spaces: a value is one word (`2ms`, not `2 ms`).
 */
export type PgSettings = Record<string, string>;

/**
 * A pool on `url` (postgres://...) and drizzle over it, its connections with `settings`; `close()` ends the pool and
 * its connections.
 */
export function openPg(url: string, options: { max?: number; settings?: PgSettings } = {}): PgHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: Object.entries(options.settings ?? {})
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
    types: connectionTypes,
    Client: ParsingClient as unknown as new () => pg.ClientBase,
  });
  const db = drizzle({ client: pool });
  // pool.end() resolves once it has asked its connections to close, not when they have: wait for them, so that a
  // database dropped or a process ending after close() finds none still open.
  const open = new Set<pg.ClientBase>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  const close = async () => {
    const closed = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)));
    await pool.end();
    await Promise.all(closed);
  };
  return { db, pool, close };
}

/** Apply the committed PostgreSQL migrations (db/migrations-pg) not yet applied. */
export async function migratePg(db: PgDb): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS });
}
