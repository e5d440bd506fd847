import { resolve } from 'node:path';
import { readEnv } from '@console/server/src/lib/env';
import { BackupError, engineOf, restoreDatabase } from './lib/backup.ts';
import { ROOT } from './lib/processes.ts';

/**
 * `npm run restore -- <file>`: put a backup made by `npm run backup` back in place of DB_FILE or of the database
 * DATABASE_URL names. Stop the server first (a database in use is refused); it migrates the backup forward on start.
 */
process.chdir(ROOT);
const source = process.argv[2];
if (!source) {
  console.error('usage: npm run restore -- <backup file>');
  process.exit(2);
}
const env = readEnv();
const target = { file: resolve(env.DB_FILE), url: process.env.DATABASE_URL };
try {
  await restoreDatabase(target, resolve(source));
  console.log(`${engineOf(target)} database restored from ${resolve(source)}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
