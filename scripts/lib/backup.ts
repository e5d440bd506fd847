import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl } from '@console/db/client';

const run = promisify(execFile);

/** Where the database is: DATABASE_URL (PostgreSQL) when set, else the SQLite file. */
export interface DatabaseTarget {
  file: string;
  url?: string;
}

/** A refusal the scripts print as it is, with nothing changed. */
export class BackupError extends Error {}

export const engineOf = (target: DatabaseTarget) => (isPostgresUrl(target.url) ? 'postgres' : 'sqlite');

/** A default backup file name: the engine's format, stamped with the time (UTC) it was taken. */
export function defaultBackupPath(root: string, target: DatabaseTarget, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return resolve(root, 'backups', `console-${stamp}.${engineOf(target) === 'postgres' ? 'pgdump' : 'sqlite'}`);
}

/**
 * Back the database up while the server runs. SQLite: `VACUUM INTO`, one read transaction, so the copy is the
 * database as one moment's commits left it while the server goes on writing (the online backup API restarts on
 * every write of another connection and need never finish under ingest). PostgreSQL: `pg_dump` in its custom format,
 * likewise one snapshot.
 */
export async function backupDatabase(target: DatabaseTarget, destination: string): Promise<{ bytes: number }> {
  if (existsSync(destination)) throw new BackupError(`${destination} exists: name a new file`);
  mkdirSync(dirname(destination), { recursive: true });
  if (engineOf(target) === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', destination, target.url!]);
  } else {
    if (!existsSync(target.file)) throw new BackupError(`${target.file} does not exist`);
    const source = new Database(target.file, { readonly: true, fileMustExist: true, timeout: 5000 });
    try {
      source.prepare('VACUUM INTO ?').run(destination);
    } finally {
      source.close();
    }
  }
  return { bytes: statSync(destination).size };
}

/**
 * Put a backup back in place of the database. The server must be stopped: what it keeps in memory (ingest's machine
 * state, caches) would no longer match. So a database in use is refused, and nothing is changed: SQLite cannot leave
 * WAL mode while another connection has the file open; on PostgreSQL any other session counts. The backup is checked
 * before anything is replaced; SQLite's file is replaced whole (renamed over it), PostgreSQL's objects in one
 * transaction. A backup of an older version is migrated forward when the server next starts.
 */
export async function restoreDatabase(target: DatabaseTarget, source: string): Promise<void> {
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`);
  if (engineOf(target) === 'postgres') {
    await refuseIfPgInUse(target.url!);
    await run('pg_restore', ['--list', source]).catch(() => {
      throw new BackupError(`${source} is not a PostgreSQL backup (pg_dump's custom format)`);
    });
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '-d',
      target.url!,
      source,
    ]);
    return;
  }
  checkSqliteBackup(source);
  const file = resolve(target.file);
  if (existsSync(file)) refuseIfSqliteInUse(file);
  mkdirSync(dirname(file), { recursive: true });
  const incoming = `${file}.restoring`;
  copyFileSync(source, incoming);
  for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true });
  renameSync(incoming, file);
}

function checkSqliteBackup(source: string): void {
  let backup: Database.Database;
  try {
    backup = new Database(source, { readonly: true, fileMustExist: true });
  } catch {
    throw new BackupError(`${source} is not a SQLite database`);
  }
  try {
    const check = backup.pragma('quick_check', { simple: true });
    const migrated = backup
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get() as { n: number };
    if (check !== 'ok' || migrated.n === 0) throw new BackupError(`${source} is not a backup of this console`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${source} is not a SQLite database`);
  } finally {
    backup.close();
  }
}

function refuseIfSqliteInUse(file: string): void {
  const db = new Database(file, { timeout: 200 });
  try {
    db.pragma('journal_mode = DELETE');
  } catch {
    throw new BackupError(`${file} is in use: stop the server first`);
  } finally {
    db.close();
  }
}

async function refuseIfPgInUse(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (Number(rows[0]!.n) > 0) throw new BackupError('the database is in use: stop the server first');
  } finally {
    await client.end();
  }
}
