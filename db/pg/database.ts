/**
 * The query code's database (`Db`, drizzle's asynchronous SQLite database) on PostgreSQL: drizzle's node-postgres
 * driver over the same sqlite table objects (docs/decisions/067), with connect.ts's type readers. What the query code
 * calls on SQLite is given to the pg builders too: `.all()/.get()/.run()/.values()` on selects, inserts, updates and
 * deletes (with or without `returning()`) and on their prepared forms, and `db.all/get/run/values(sql…)` for SQL
 * written by hand (objects by column name, as on SQLite). `run` answers `{ changes }`: the rows the statement touched.
 * Errors are the driver's own (drizzle's wrapper is bypassed, as on SQLite), so `uniqueViolation` reads PostgreSQL's
 * code and constraint name.
 *
 * A transaction (`db.transaction(work)`, which `unitOfWork` uses) is SERIALIZABLE on one pooled connection, run again
 * a bounded number of times when PostgreSQL answers a serialization failure (40001) or a deadlock (40P01): a
 * check-then-write needs no lock of its own, and a retried one sees what the other committed. Its context is marked
 * with AsyncLocalStorage, so every statement issued inside it goes to its connection even when written through the
 * outer `db` (as the command queue does); `work` is given that same `db`. A transaction inside one is a savepoint.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { fillPlaceholders, is, isTable, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDeleteBase, PgInsertBase, PgSelectBase, PgSelectBuilder, PgUpdateBase } from 'drizzle-orm/pg-core';
import { getViewConfig, SQLiteView } from 'drizzle-orm/sqlite-core';
import type pg from 'pg';
import type { Db } from '../client.ts';
import { migratePg, openPg, type PgSettings } from './connect.ts';

export interface PgDbHandle {
  engine: 'postgres';
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * A transaction's isolation: SERIALIZABLE by default (a unit of work's check-then-write); READ COMMITTED for work that
 * takes the locks it needs itself and must see what others committed while it waited (ingest's batch).
 */
export type Isolation = 'serializable' | 'read committed';

/** How many times a transaction runs at most when PostgreSQL keeps answering a serialization failure. */
export const TRANSACTION_ATTEMPTS = 8;

const RETRIED = new Set(['40001', '40P01']);

/** The PostgreSQL error code of an error or of the error it wraps (drizzle's, when the wrapper was not bypassed). */
export function pgCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

type QueryResult = { rows: unknown[]; rowCount: number | null };
interface Prepared {
  queryString: string;
  params: unknown[];
  execute(values?: Record<string, unknown>): Promise<unknown>;
  queryWithCache: unknown;
  all?: unknown;
  get?: unknown;
  run?: unknown;
  values?: unknown;
}
type Query = (config: { text: string; rowMode?: 'array' }, values: unknown[]) => Promise<QueryResult>;

const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : (result as QueryResult).rows);
const changesOf = (result: unknown) => ({
  changes: Array.isArray(result) ? result.length : ((result as QueryResult).rowCount ?? 0),
});

/** The SQLite builders' ways of running, on a pg prepared query. */
function withSqliteMethods(prepared: Prepared, query: Query): Prepared {
  prepared.queryWithCache = (_source: string, _params: unknown[], run: () => Promise<unknown>) => run();
  prepared.all = async (values?: Record<string, unknown>) => rowsOf(await prepared.execute(values));
  prepared.get = async (values?: Record<string, unknown>) => rowsOf(await prepared.execute(values))[0];
  prepared.run = async (values?: Record<string, unknown>) => changesOf(await prepared.execute(values));
  // Arrays of the values as the driver reads them, undecoded, as SQLite's `values()` answers.
  prepared.values = async (values?: Record<string, unknown>) =>
    (await query({ text: prepared.queryString, rowMode: 'array' }, fillPlaceholders(prepared.params, values ?? {})))
      .rows;
  return prepared;
}

let buildersTaught = false;

/** `.all()/.get()/.run()/.values()` on the pg builders, through their prepared query (above). */
function teachBuilders(): void {
  if (buildersTaught) return;
  buildersTaught = true;
  for (const builder of [PgSelectBase, PgInsertBase, PgUpdateBase, PgDeleteBase]) {
    const proto = builder.prototype as unknown as Record<string, unknown>;
    for (const method of ['all', 'get', 'run', 'values'] as const) {
      if (method in proto)
        throw new Error(`drizzle's ${builder.name} has its own ${method}(): revisit db/pg/database.ts`);
      proto[method] = function (this: { _prepare(): Record<string, (v?: unknown) => unknown> }, values?: unknown) {
        return this._prepare()[method]!(values);
      };
    }
  }
  teachSqliteViews();
}

/**
 * The pg select builder reads a pg view's columns and name, not a sqlite view's (`track_points`, of telemetry): it
 * would select nothing from it (`select()` with no fields), and the pg dialect's check that a selected column belongs
 * to the relation read from would fail. A sqlite view read from gives its own columns and is given the name the check
 * reads; it is written into the SQL as any view is.
 */
function teachSqliteViews(): void {
  const name = Symbol.for('drizzle:Name');
  const proto = PgSelectBuilder.prototype as unknown as { from(source: unknown): unknown; fields?: unknown };
  const from = proto.from;
  proto.from = function (this: { fields?: unknown }, source: unknown) {
    if (is(source, SQLiteView)) {
      const config = getViewConfig(source);
      if (!(name in source)) Object.defineProperty(source, name, { value: config.name });
      this.fields ??= config.selectedFields;
    }
    return from.call(this, source);
  };
}

interface Unit {
  client: pg.PoolClient;
  savepoints: number;
  /** False once committed or rolled back: a statement its context still issues goes to the pool. */
  open: boolean;
}

/**
 * Open the PostgreSQL database at `url` (postgres://…) for the query code, applying db/migrations-pg first unless
 * `migrate: false`.
 */
export async function openPgDb(
  url: string,
  options: {
    migrate?: boolean;
    max?: number;
    settings?: PgSettings;
    logQuery?: (sql: string, params: unknown[]) => void;
  } = {},
): Promise<PgDbHandle> {
  const handle = openPg(url, { max: options.max, settings: options.settings });
  try {
    if (options.migrate !== false) await migratePg(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const { pool } = handle;
  const units = new AsyncLocalStorage<Unit>();
  // Statements go to the connection of the transaction whose context issued them, else to any of the pool's.
  const query: Query = (config, values) => {
    const unit = units.getStore();
    return (unit?.open ? unit.client : pool).query(config, values) as unknown as Promise<QueryResult>;
  };
  teachBuilders();
  const pgDb = drizzle({
    client: { query } as unknown as pg.Pool,
    ...(options.logQuery ? { logger: { logQuery: options.logQuery } } : {}),
  });
  type Session = {
    prepareQuery: (...args: unknown[]) => Prepared;
  };
  const session = (pgDb as unknown as { session: Session }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => withSqliteMethods(prepareQuery(...args), query);
  const dialect = (pgDb as unknown as { dialect: PgDialectParts }).dialect;
  teachAliasedJoins(dialect);
  const raw = (statement: SQLWrapper | string) =>
    session.prepareQuery(
      dialect.sqlToQuery(typeof statement === 'string' ? sql.raw(statement) : statement.getSQL()),
      undefined,
      undefined,
      false,
    ) as Required<Prepared> & Record<'all' | 'get' | 'run' | 'values', () => Promise<unknown>>;

  const db = pgDb as unknown as Db;
  const methods = db as unknown as Record<string, unknown>;
  methods.all = (statement: SQLWrapper | string) => raw(statement).all();
  methods.get = (statement: SQLWrapper | string) => raw(statement).get();
  methods.run = (statement: SQLWrapper | string) => raw(statement).run();
  methods.values = (statement: SQLWrapper | string) => raw(statement).values();

  const savepoint = async <T>(unit: Unit, work: (tx: Db) => Promise<T>): Promise<T> => {
    const name = `unit_${++unit.savepoints}`;
    await unit.client.query(`savepoint ${name}`);
    try {
      const result = await work(db);
      await unit.client.query(`release savepoint ${name}`);
      return result;
    } catch (error) {
      await unit.client.query(`rollback to savepoint ${name}`);
      await unit.client.query(`release savepoint ${name}`);
      throw error;
    } finally {
      unit.savepoints--;
    }
  };

  const transaction = async <T>(work: (tx: Db) => Promise<T>, config?: { isolation?: Isolation }): Promise<T> => {
    const current = units.getStore();
    if (current) return savepoint(current, work);
    const isolation = config?.isolation ?? 'serializable';
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      const unit: Unit = { client, savepoints: 0, open: true };
      let broken: Error | undefined;
      try {
        await client.query(`begin isolation level ${isolation}`);
        const result = await units.run(unit, () => work(db));
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch (failed) {
          broken = failed as Error;
        }
        if (attempt >= TRANSACTION_ATTEMPTS || !RETRIED.has(pgCode(error) ?? '')) throw error;
      } finally {
        unit.open = false;
        client.release(broken);
      }
      // Apart a little, growing, so that the transactions that collided do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  };
  methods.transaction = transaction;

  return { engine: 'postgres', db, pool, close: handle.close };
}

type JoinMeta = { table: unknown };
type PgDialectParts = { sqlToQuery(s: unknown): unknown; buildJoins(joins: JoinMeta[] | undefined): SQL | undefined };

/**
 * The pg dialect names a joined table with its alias only when it is a pg table; a sqlite table joined under another
 * name (`aliasedTable(organisations, 'owner')`) would be written as the alias alone (relation "owner" does not
 * exist). It is given as `"organisations" "owner"`, as SQLite's dialect writes it.
 */
function teachAliasedJoins(dialect: PgDialectParts) {
  // drizzle's own table symbols (table.js), registered globally.
  const [isAlias, originalName, name] = ['IsAlias', 'OriginalName', 'Name'].map((n) => Symbol.for(`drizzle:${n}`));
  const buildJoins = dialect.buildJoins.bind(dialect);
  dialect.buildJoins = (joins) =>
    buildJoins(
      joins?.map((join) => {
        if (!isTable(join.table)) return join;
        const table = join.table as unknown as Record<symbol, string | boolean>;
        if (!table[isAlias!]) return join;
        return {
          ...join,
          table: sql`${sql.identifier(String(table[originalName!]))} ${sql.identifier(String(table[name!]))}`,
        };
      }),
    );
}
