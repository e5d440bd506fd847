import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { isPostgresUrl, openDb } from '@console/db/client';
import { seedDemo } from '@console/db/seed/demo';
import { readEnv } from '@console/server/src/lib/env';
import { ROOT } from './lib/processes.ts';

/**
 * `npm run db:reset`: delete DB_FILE (with its WAL and shared-memory files), migrate a new one and seed the
 * demo business. Under NODE_ENV=production it stays empty: `npm run create-admin` makes the first account.
 * Stop the server first: it would keep writing to the deleted file.
 */
process.chdir(ROOT);
const env = readEnv();
if (isPostgresUrl(process.env.DATABASE_URL)) {
  console.error('DATABASE_URL names a PostgreSQL database: db:reset recreates the SQLite file DB_FILE only');
  process.exit(1);
}
if (env.DB_FILE === ':memory:') {
  console.error('DB_FILE is :memory:, there is nothing to reset');
  process.exit(1);
}
const file = resolve(env.DB_FILE);
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
const dbh = openDb(file);
if (env.NODE_ENV === 'production') {
  console.log(`${file} recreated and migrated, without demo data (NODE_ENV=production)`);
} else {
  await seedDemo(dbh.db, { devices: env.SEED_DEVICES, fleetSecret: env.FLEET_SECRET });
  console.log(`${file} recreated, migrated and seeded with the demo business (accounts 138000000RR, Demo@2026)`);
}
dbh.close();
