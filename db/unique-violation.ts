import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * The unique index a failed write ran into, by name, or null when the error is something else. The one place
 * that reads the driver's error: SQLite names the columns ("UNIQUE constraint failed: users.area_code,
 * users.mobile"), so they are matched against the schema's indexes; PostgreSQL (23505) names the index itself.
 */
export function uniqueViolation(error: unknown, tables: readonly SQLiteTable[]): string | null {
  const onPg = pgUniqueViolation(error);
  if (onPg !== undefined) return onPg === null ? null : knownIndex(onPg, tables);
  if (!(error instanceof Error) || (error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  const failed = error.message.replace(/^UNIQUE constraint failed: /, '');
  for (const table of tables) {
    const config = getTableConfig(table);
    for (const index of config.indexes) {
      if (!index.config.unique) continue;
      const columns = index.config.columns.map((column) => `${config.name}.${(column as { name: string }).name}`);
      if (columns.join(', ') === failed) return index.config.name;
    }
  }
  return 'unknown';
}

/**
 * PostgreSQL's unique violation (23505, in the error or one it wraps): the index it names; null for a primary key
 * (SQLite reports those under another code, which is not a unique index's refusal either); undefined when the error is
 * not PostgreSQL's unique violation.
 */
function pgUniqueViolation(error: unknown): string | null | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code !== '23505') continue;
    if (typeof constraint !== 'string') return 'unknown';
    return constraint.endsWith('_pkey') ? null : constraint;
  }
  return undefined;
}

/** The name when it is a unique index of one of `tables`, else 'unknown' (as for SQLite's columns). */
function knownIndex(name: string, tables: readonly SQLiteTable[]): string {
  const known = tables.some((table) =>
    getTableConfig(table).indexes.some((index) => index.config.unique && index.config.name === name),
  );
  return known ? name : 'unknown';
}
