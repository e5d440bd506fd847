import { resolve } from 'node:path';
import { readEnv } from '@console/server/src/lib/env';
import { BackupError, backupDatabase, defaultBackupPath, engineOf } from './lib/backup.ts';
import { ROOT } from './lib/processes.ts';

/**
 * `npm run backup [-- <file>]`: a copy of the database taken while the server runs, of SQLite's DB_FILE or of the
 * PostgreSQL database DATABASE_URL names; by default under backups/, stamped with the time.
 */
process.chdir(ROOT);
const env = readEnv();
const target = { file: resolve(env.DB_FILE), url: process.env.DATABASE_URL };
const destination = resolve(process.argv[2] ?? defaultBackupPath(ROOT, target));
try {
  const { bytes } = await backupDatabase(target, destination);
  console.log(`${engineOf(target)} database backed up to ${destination} (${(bytes / 1e6).toFixed(1)} MB)`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
