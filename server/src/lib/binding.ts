import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Dialect } from '@console/db/dialect';

/**
 * How a filter's values enter its SQL: as they are (`inline`, a query built for one use), or as named placeholders
 * (`binding()`, a query prepared once per shape and run with each request's values: lib/list-page.ts).
 */
export interface Binder {
  /** A value of the filter under a name of its own. */
  value<T>(name: string, value: T): T | Placeholder;
  /** A part of the filter whose SQL differs by a choice, not by a value (a status code): it names the shape. */
  shaped(part: string, condition: SQL): SQL;
}

export const inline: Binder = { value: (_name, value) => value, shaped: (_part, condition) => condition };

/**
 * A binder that collects the values and the shape: every value and choice the filter took, in order. Two filters
 * of one shape build the same SQL, so the shape can name a prepared query that the values are run with.
 */
export function binding(): Binder & { values: Record<string, unknown>; shape(): string } {
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  return {
    values,
    shape: () => parts.join(','),
    value(name, value) {
      parts.push(name);
      values[name] = value;
      return sql.placeholder(name);
    },
    shaped(part, condition) {
      parts.push(part);
      return condition;
    },
  };
}

/**
 * The column is one of a list of ids given as one value (`idList`), so that a prepared read takes lists of
 * any length: the list is read as a JSON array (json_each on SQLite, as ingest's own statements do). `dialect` is
 * the engine's of the query (`dialectOf(db)`, `data.dialect`).
 */
export function oneOf(dialect: Dialect, column: SQLiteColumn, ids: Placeholder): SQL {
  return dialect.inJsonArray(column, ids);
}

export const idList = (ids: readonly number[]): string => JSON.stringify(ids);
