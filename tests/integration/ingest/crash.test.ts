import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { openDb, type DbHandle } from '@console/db/client';
import { startServerProcess } from '../../fixtures/server-process.ts';
import { CRASH_ENV, killDuringIngest } from '../../fixtures/ingest-crash.ts';
import { smallSeededFile } from './helpers.ts';

/** This suite's ports, from the top of the ingest tests' range so they rarely meet the brokers of other tests. */
const PORTS = { first: 18540, last: 18599 };

describe('a server killed with SIGKILL during ingest', () => {
  let dir = '';
  let dbh: DbHandle | undefined;
  afterAll(() => {
    dbh?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loses no committed row or accepted command, keeps the database intact and carries on', async () => {
    const seeded = await smallSeededFile();
    dir = seeded.dir;
    dbh = openDb(seeded.file, { migrate: false });
    const { sqlite } = dbh;
    await killDuringIngest({
      db: dbh.db,
      start: (ports) => startServerProcess({ dbFile: seeded.file, range: PORTS, ports, env: CRASH_ENV }),
      intact: async () => expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok'),
    });
  }, 120_000);
});
