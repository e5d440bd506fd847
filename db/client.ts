import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type Db = BetterSQLite3Database;
export interface DbHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

const MIGRATIONS = join(import.meta.dirname, 'migrations');

/**
 * Open (creating if needed) and migrate the database. `:memory:` gives a private one for tests, and so does
 * the image of another database (`sqlite.serialize()`): a private in-memory copy of it. `migrate: false` is
 * for a second process on a database its server owns and has migrated (test fixtures).
 */
export function openDb(file: string | Buffer, options: { migrate?: boolean } = {}): DbHandle {
  if (typeof file === 'string' && file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite);
  // The API and ingest write from threads of their own (docs/decisions/017). A transaction that reads before it
  // writes would fail at once (SQLITE_BUSY) if the other committed in between; one that takes the write lock at
  // BEGIN waits for it (busy_timeout) instead.
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => transaction(run, { behavior: 'immediate', ...config })) as typeof db.transaction;
  if (options.migrate !== false) migrate(db, { migrationsFolder: MIGRATIONS });
  // Planner statistics for tables that lack or outgrew them (SQLite's advice for long-lived connections):
  // without them a scoped device list picks index-OR plans that are 10x slower on a large fleet.
  sqlite.pragma('optimize=0x10002');
  return { db, sqlite, close: () => sqlite.close() };
}
