import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * The unique index a failed write ran into, by name, or null when the error is something else. The one place
 * that reads the driver's error: SQLite names the columns ("UNIQUE constraint failed: users.area_code,
 * users.mobile"), so they are matched against the schema's indexes; a server database names the index itself.
 */
export function uniqueViolation(error: unknown, tables: readonly SQLiteTable[]): string | null {
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
