/**
 * A server on PostgreSQL killed with SIGKILL during ingest (issue 34, docs/decisions/067): the same run as
 * ingest/crash.test.ts on SQLite, the server process given DATABASE_URL to a scratch database with the small seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { openDatabase, type AnyDbHandle } from '@console/db/client';
import { seedDemo } from '@console/db/seed/demo';
import { startServerProcess } from '../../fixtures/server-process.ts';
import { CRASH_ENV, killDuringIngest } from '../../fixtures/ingest-crash.ts';
import { SMALL_SEED } from '../ingest/helpers.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

/** This suite's ports. */
const PORTS = { first: 19080, last: 19099 };

describe('a server on PostgreSQL killed with SIGKILL during ingest', () => {
  let scratch: ScratchDatabase | undefined;
  let dbh: AnyDbHandle | undefined;
  // Uploads live beside DB_FILE on PostgreSQL too.
  const dir = mkdtempSync(join(tmpdir(), 'ingest-crash-pg-'));
  afterAll(async () => {
    await dbh?.close();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no committed report or accepted command and carries on', async () => {
    scratch = await createScratchDatabase('console_crash');
    // Migrated and seeded by the product, as a first start would, but small.
    dbh = await openDatabase('', { url: scratch.url });
    await seedDemo(dbh.db, SMALL_SEED);
    const env = { ...CRASH_ENV, DATABASE_URL: scratch.url };
    await killDuringIngest({
      db: dbh.db,
      start: (ports) => startServerProcess({ dbFile: join(dir, 'console.db'), range: PORTS, ports, env }),
    });
  }, 180_000);
});
