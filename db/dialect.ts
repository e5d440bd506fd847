/**
 * The SQL that differs between SQLite and PostgreSQL (docs/decisions/067), in one place: nothing else writes a
 * dialect's function by name. `dialectOf(db)` answers the functions of the engine `db` runs on; each returns drizzle
 * `sql` to put into a query of that `db`. On SQLite every fragment is what the query code wrote before.
 */
import { getTableName, inArray, is, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, SyncDb } from './client.ts';
import { toPgTable } from './pg/convert.ts';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

export type Engine = 'sqlite' | 'postgres';

/**
 * The engine a database (or a transaction's, which is the same object) runs on; ingest's synchronous connection
 * (`SyncDb`) is SQLite's.
 */
export function engineOf(db: Db | SyncDb): Engine {
  return is((db as unknown as { dialect: unknown }).dialect, PgDialect) ? 'postgres' : 'sqlite';
}

type Operand = SQLWrapper | AnyColumn | number | string;

/** A value as SQL: a column or fragment as it is, a number or string as a bound parameter. */
const expr = (value: Operand): SQL | SQLWrapper => (typeof value === 'object' ? value : sql`${value}`);

/** A JSON path of keys and array positions as SQLite's `$.a[0].b` text. */
const sqlitePath = (path: (string | number)[]) =>
  '$' + path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');
/** The same path as a PostgreSQL text array literal for `#>>`. */
const pgPath = (path: (string | number)[]) =>
  `{${path.map((key) => `"${String(key).replace(/"/g, '\\"')}"`).join(',')}}`;

/** One character as an SQL string literal (for ESCAPE). */
const quoted = (text: string) => {
  if (text.length !== 1) throw new Error(`an escape is one character: ${text}`);
  return `'${text.replace(/'/g, "''")}'`;
};

/** The PostgreSQL type of a sqlite column, as db/pg/convert.ts derives it (for casts of text read from JSON). */
function pgTypeOf(column: SQLiteColumn): string {
  const pgTable = toPgTable(column.table as SQLiteTable) as unknown as Record<string, { getSQLType(): string }>;
  const match = Object.values(pgTable).find((c) => (c as unknown as { name?: string }).name === column.name);
  if (!match) throw new Error(`no PostgreSQL column for ${column.name}`);
  return match.getSQLType();
}

export interface Dialect {
  engine: Engine;
  /** The JSON value at `path` in `json` as an SQL scalar (text, number), or null: `json_extract` / `#>>`. */
  jsonText(json: Operand, ...path: (string | number)[]): SQL<string | null>;
  /** The same, as a number (PostgreSQL reads JSON scalars as text, so it casts). */
  jsonNumber(json: Operand, ...path: (string | number)[]): SQL<number | null>;
  /**
   * The elements of a JSON array as rows, each element as the column `value` of the source named `alias`:
   * `json_each(…) alias` / `jsonb_array_elements(…) alias(value)`. Use in FROM.
   */
  jsonEach(json: Operand, alias?: string): SQL;
  /** An element's scalar `value` of jsonEach (text on PostgreSQL). */
  jsonEachValue(alias?: string): SQL<string>;
  /**
   * Position `index` of an element that is itself an array (a row bound as JSON), as the type of `column`: for
   * `INSERT … SELECT` over jsonEach.
   */
  jsonItem(index: number, column: SQLiteColumn, alias?: string): SQL<unknown>;
  /**
   * The values of a group as text joined by `separator` (`group_concat` / `string_agg`), in byte order of that text on
   * both engines (a join in the engine's own order would change with the plan). `distinct` joins each value once
   * (SQLite allows it only with its own separator, a comma).
   */
  stringAgg(value: Operand, separator: string, options?: { distinct?: boolean }): SQL<string>;
  /**
   * The numbers of a group as a JSON array, in no set order, `[]` for none (`json_group_array` / `json_agg`): a set of
   * ids as one value, unsorted because its reader keys them.
   */
  jsonNumbers(value: Operand): SQL<string>;
  /** The largest of two or more values (SQLite's two-argument `max`): null if any is null on SQLite; not on PG. */
  greatest<T = number>(...values: Operand[]): SQL<T>;
  /** The smallest of two or more values (SQLite's two-argument `min`); nulls as for greatest. */
  least<T = number>(...values: Operand[]): SQL<T>;
  /** This moment in ms since the epoch, as the schema's defaults write it. */
  nowMs(): SQL<number>;
  /**
   * `value LIKE pattern`, case-insensitive (SQLite's LIKE is, for ASCII; PostgreSQL's ILIKE); 1 or 0 when selected.
   * `escape` is the pattern's escape character (`ESCAPE '\\'`).
   */
  likeNoCase(value: Operand, pattern: Operand, escape?: string): SQL<number>;
  /** The UTC day (YYYY-MM-DD) of a time in ms. */
  dayOfMs(ms: Operand): SQL<string>;
  /** A day (YYYY-MM-DD text) at `time` (HH:MM:SS) UTC, in ms since the epoch. */
  msOfDay(day: Operand, time?: string): SQL<number>;
  /**
   * How many rows of the group a condition holds for: `sum(x)` / `sum(case when x …)`. The condition is a boolean
   * column or a comparison (PostgreSQL has no sum of booleans, nor a boolean of a bigint). Rows where it is null
   * count for nothing, and a group where it is null on every row answers null, as SQLite's `sum` does.
   */
  sumTrue(condition: Operand): SQL<number>;
  /**
   * The sum of a real column that does not move with the order the rows are added in, so a figure rounded for
   * display is the same whatever plan the query takes: SQLite's `sum` adds with compensated summation; PostgreSQL's
   * `sum` of double precision adds in row order, so it sums the values as numeric (exactly). Null for no rows.
   */
  sumReal(value: Operand): SQL<number>;
  /** The 1-based position of `needle` in `text`, 0 when absent: `instr` / `strpos`. */
  position(text: Operand, needle: Operand): SQL<number>;
  /** Whether a table (or index) of that name exists: `sqlite_master` / `to_regclass`. */
  tableExists(name: string): SQL<number>;
  /**
   * The column is one of the values of a JSON array (one bound value, so that a prepared read takes lists of any
   * length): `in (select value from json_each(…))`, on PostgreSQL with the elements read as the column's type.
   */
  inJsonArray(column: SQLiteColumn, json: Operand): SQL;
  /**
   * The column is one of these ids, as a list fixed when the read is built (an organisation scope): SQLite's
   * `in (…)`; on PostgreSQL `= any(…)` over one bound array, so that the statement's text is the same however many
   * ids there are, none included (a statement planned once per connection is kept per text). No ids, no rows.
   */
  inIds(column: SQLiteColumn, ids: readonly number[]): SQL;
  /** A boolean column (or condition) holds: `= 1` on SQLite, where booleans are integers. */
  isTrue(value: Operand): SQL;
  /** A boolean column is false or null. */
  isNotTrue(value: Operand): SQL;
  /** Whole days from the day `from` to the day `to` (YYYY-MM-DD texts): `julianday` difference / date subtraction. */
  daysBetween(from: Operand, to: Operand): SQL<number>;
  /**
   * The day (YYYY-MM-DD) `years` years after `day`. On 29 February SQLite goes on to 1 March of a common year,
   * PostgreSQL stays on 28 February.
   */
  dayPlusYears(day: Operand, years: number): SQL<string>;
  /**
   * Rows given as arrays, as a source for FROM named `alias`, its columns named as the keys of `columns` and typed as
   * their columns: many rows in one statement, bound as one value per column (PostgreSQL's `unnest`) or one JSON
   * array (SQLite's `json_each`).
   */
  rowsOf(alias: string, columns: Record<string, SQLiteColumn>, rows: readonly (readonly unknown[])[]): SQL;
  /** `count` new ids of an identity column, in order, as the column `id` of a query: PostgreSQL only. */
  newIds(column: SQLiteColumn, count: number): SQL;
  /**
   * Appended to a select: the rows read are locked until the transaction ends (`for update`), so a writer at READ
   * COMMITTED holds what it read; nothing on SQLite, whose write transaction holds the whole database.
   */
  forUpdate: SQL;
}

const sqlite: Dialect = {
  engine: 'sqlite',
  jsonText: (json, ...path) => sql<string | null>`json_extract(${expr(json)}, ${sqlitePath(path)})`,
  jsonNumber: (json, ...path) => sql<number | null>`json_extract(${expr(json)}, ${sqlitePath(path)})`,
  jsonEach: (json, alias = 'json_each') => sql`json_each(${expr(json)}) ${sql.identifier(alias)}`,
  jsonEachValue: (alias = 'json_each') => sql<string>`${sql.identifier(alias)}.value`,
  jsonItem: (index, _column, alias = 'json_each') =>
    sql<unknown>`${sql.identifier(alias)}.value ->> ${sql.raw(String(index))}`,
  stringAgg: (value, separator, options) => {
    const text = sql`cast(${expr(value)} as text)`;
    if (!options?.distinct) return sql<string>`group_concat(${text}, ${separator} order by ${text})`;
    if (separator !== ',') throw new Error('SQLite joins distinct values with a comma only');
    return sql<string>`group_concat(distinct ${text} order by ${text})`;
  },
  jsonNumbers: (value) => sql<string>`json_group_array(${expr(value)})`,
  greatest: <T>(...values: Operand[]) => sql<T>`max(${sql.join(values.map(expr), sql`, `)})`,
  least: <T>(...values: Operand[]) => sql<T>`min(${sql.join(values.map(expr), sql`, `)})`,
  nowMs: () => sql<number>`(unixepoch('subsec') * 1000)`,
  likeNoCase: (value, pattern, escape) =>
    escape === undefined
      ? sql<number>`${expr(value)} like ${expr(pattern)}`
      : sql<number>`${expr(value)} like ${expr(pattern)} escape ${sql.raw(quoted(escape))}`,
  dayOfMs: (ms) => sql<string>`date((${expr(ms)}) / 1000, 'unixepoch')`,
  msOfDay: (day, time = '00:00:00') => sql<number>`(unixepoch(${expr(day)} || ${` ${time}`}) * 1000)`,
  sumTrue: (condition) => sql<number>`sum(${expr(condition)})`,
  sumReal: (value) => sql<number>`sum(${expr(value)})`,
  position: (text, needle) => sql<number>`instr(${expr(text)}, ${expr(needle)})`,
  tableExists: (name) => sql<number>`exists (select 1 from sqlite_master where name = ${name})`,
  inJsonArray: (column, json) => sql`${column} in (select value from json_each(${expr(json)}))`,
  inIds: (column, ids) => inArray(column, [...ids]),
  isTrue: (value) => sql`${expr(value)} = 1`,
  isNotTrue: (value) => sql`coalesce(${expr(value)}, 0) = 0`,
  daysBetween: (from, to) => sql<number>`(julianday(${expr(to)}) - julianday(${expr(from)}))`,
  dayPlusYears: (day, years) => sql<string>`date(${expr(day)}, ${`+${years} years`})`,
  rowsOf: (alias, columns, rows) => {
    const names = Object.keys(columns).map(
      (name, i) => sql`${sql.identifier(`${alias}_rows`)}.value ->> ${sql.raw(String(i))} as ${sql.identifier(name)}`,
    );
    return sql`(select ${sql.join(names, sql`, `)} from json_each(${JSON.stringify(rows)}) ${sql.identifier(`${alias}_rows`)}) ${sql.identifier(alias)}`;
  },
  forUpdate: sql``,
  newIds: () => {
    throw new Error('SQLite gives ids as it inserts: newIds is for PostgreSQL');
  },
};

const postgres: Dialect = {
  engine: 'postgres',
  jsonText: (json, ...path) => sql<string | null>`(${expr(json)}::jsonb #>> ${pgPath(path)})`,
  jsonNumber: (json, ...path) => sql<number | null>`(${expr(json)}::jsonb #>> ${pgPath(path)})::double precision`,
  jsonEach: (json, alias = 'json_each') =>
    sql`jsonb_array_elements(${expr(json)}::jsonb) ${sql.identifier(alias)}(value)`,
  jsonEachValue: (alias = 'json_each') => sql<string>`(${sql.identifier(alias)}.value #>> '{}')`,
  jsonItem: (index, column, alias = 'json_each') =>
    sql<unknown>`(${sql.identifier(alias)}.value ->> ${sql.raw(String(index))})::${sql.raw(pgTypeOf(column))}`,
  stringAgg: (value, separator, options) => {
    const text = sql`((${expr(value)})::text collate "C")`;
    return sql<string>`string_agg(${sql.raw(options?.distinct ? 'distinct ' : '')}${text}, ${separator}::text order by ${text})`;
  },
  jsonNumbers: (value) => sql<string>`coalesce(json_agg(${expr(value)}), '[]')`,
  greatest: <T>(...values: Operand[]) => sql<T>`greatest(${sql.join(values.map(expr), sql`, `)})`,
  least: <T>(...values: Operand[]) => sql<T>`least(${sql.join(values.map(expr), sql`, `)})`,
  nowMs: () => sql<number>`(floor(extract(epoch from clock_timestamp()) * 1000))::bigint`,
  likeNoCase: (value, pattern, escape) =>
    escape === undefined
      ? sql<number>`${expr(value)} ilike ${expr(pattern)}`
      : sql<number>`${expr(value)} ilike ${expr(pattern)} escape ${sql.raw(quoted(escape))}`,
  dayOfMs: (ms) => sql<string>`to_char(to_timestamp((${expr(ms)}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`,
  msOfDay: (day, time = '00:00:00') =>
    sql<number>`(extract(epoch from ((${expr(day)})::text || ${` ${time}`}::text)::timestamp) * 1000)::bigint`,
  sumTrue: (condition) =>
    sql<number>`sum(case when ${expr(condition)} then 1 when not (${expr(condition)}) then 0 end)`,
  sumReal: (value) => sql<number>`(sum((${expr(value)})::numeric))::double precision`,
  position: (text, needle) => sql<number>`strpos(${expr(text)}, ${expr(needle)})`,
  tableExists: (name) => sql<number>`(to_regclass(${name}::text) is not null)`,
  inJsonArray: (column, json) =>
    sql`${column} in (select (value #>> '{}')::${sql.raw(pgTypeOf(column))} from jsonb_array_elements(${expr(json)}::jsonb) value)`,
  inIds: (column, ids) => sql`${column} = any(${sql.param([...ids])}::${sql.raw(pgTypeOf(column))}[])`,
  isTrue: (value) => sql`(${expr(value)}) = true`,
  isNotTrue: (value) => sql`(${expr(value)}) is not true`,
  daysBetween: (from, to) => sql<number>`((${expr(to)})::date - (${expr(from)})::date)`,
  dayPlusYears: (day, years) =>
    sql<string>`to_char((${expr(day)})::date + ${sql.raw(`interval '${Math.trunc(years)} years'`)}, 'YYYY-MM-DD')`,
  rowsOf: (alias, columns, rows) => {
    const arrays = Object.values(columns).map(
      (column, i) => sql`${sql.param(rows.map((row) => row[i] ?? null))}::${sql.raw(pgTypeOf(column))}[]`,
    );
    const names = Object.keys(columns).map((name) => sql.identifier(name));
    return sql`unnest(${sql.join(arrays, sql`, `)}) as ${sql.identifier(alias)}(${sql.join(names, sql`, `)})`;
  },
  forUpdate: sql` for update`,
  newIds: (column, count) =>
    sql`select nextval(pg_get_serial_sequence(${getTableName(column.table)}::text, ${column.name}::text)) as id from generate_series(1, ${count}::bigint)`,
};

/** The SQL functions of the engine `db` runs on. */
export function dialectOf(db: Db | SyncDb): Dialect {
  return dialectOfEngine(engineOf(db));
}

/** The SQL functions of an engine named (where no connection is at hand to ask). */
export function dialectOfEngine(engine: Engine): Dialect {
  return engine === 'postgres' ? postgres : sqlite;
}

/**
 * After rows were written with their ids given (the seed does, so that its picks by id hold), the identity columns'
 * sequences go past the largest id, so that rows written later without one get a free id. Nothing to do on SQLite,
 * whose autoincrement follows the largest id by itself.
 */
export async function continueIdentities(db: Db): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await db.run(sql`DO $$
    DECLARE c record;
    BEGIN
      FOR c IN SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND is_identity = 'YES'
      LOOP
        EXECUTE format(
          'SELECT setval(pg_get_serial_sequence(%L, %L), coalesce((SELECT max(%I) FROM %I), 0) + 1, false)',
          quote_ident(c.table_name), c.column_name, c.column_name, c.table_name);
      END LOOP;
    END $$`);
}
