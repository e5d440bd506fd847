import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';

/** Another connection, on a thread of its own, writes for `ms` and commits; resolves once it holds the lock. */
function writeFor(file: string, ms: number): Promise<Worker> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require('better-sqlite3');
     const db = new Database(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     db.exec("INSERT INTO organisations (name, kind) VALUES ('Writer', 'lessor')");
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: { file, ms } },
  );
  return new Promise((resolve) => worker.once('message', () => resolve(worker)));
}

describe('opening a connection while another writes', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('opens while another connection holds the write lock past the busy timeout (5 s)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'open-while-writing-'));
    dirs.push(dir);
    const file = join(dir, 'console.db');
    const first = openDb(file);
    // Planner statistics missing, as on a database that grew: a connection's optimize writes them as it opens.
    first.sqlite.exec('DELETE FROM sqlite_stat1');
    first.close();

    // The ingest thread opening while the API's first scheduler pass writes for seconds on a slow host.
    const writer = await writeFor(file, 5_500);
    const second = openDb(file, { migrate: false });
    await writer.terminate();
    // It reads and writes once the writer is gone; the statistics wait for the next connection.
    second.sqlite.prepare("INSERT INTO organisations (name, kind) VALUES ('Second', 'lessor')").run();
    expect(second.sqlite.prepare('SELECT count(*) FROM organisations').pluck().get()).toBeGreaterThan(0);
    second.close();
  });
});
