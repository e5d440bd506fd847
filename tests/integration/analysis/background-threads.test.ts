/**
 * The server's background threads stand behind requests (server/src/lib/background-thread.ts, docs/decisions/081):
 * on Linux the ingest, broker and rollup threads run at a lower priority than the API's, so that on a busy host a
 * request is given a core before a batch is.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';
import { BACKGROUND_NICE } from '@console/server/src/lib/background-thread';
import { startServerProcess } from '../../fixtures/server-process.ts';

/** This suite's ports. */
const PORTS = { first: 19100, last: 19119 };

/** Each thread of a process: its name and its nice value (the 19th field of its stat). */
function threadsOf(pid: number): { name: string; nice: number }[] {
  const tasks = join('/proc', String(pid), 'task');
  return readdirSync(tasks).map((tid) => {
    const stat = readFileSync(join(tasks, tid, 'stat'), 'utf8');
    // The name is in parentheses and may hold spaces: the fields that follow start after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), nice: Number(fields[16]) };
  });
}

describe("the running server's threads", () => {
  const dir = mkdtempSync(join(tmpdir(), 'background-threads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs ingest, the broker and the rollup below the API thread, which keeps the priority it was started with', async () => {
    const file = join(dir, 'console.db');
    openDb(file).close();
    const server = await startServerProcess({ dbFile: file, range: PORTS });
    try {
      const threads = threadsOf(server.child.pid!);
      const main = threads.find((t) => t.name === 'MainThread');
      expect(main?.nice).toBe(0);
      // Ingest, the embedded broker and the rollup: three worker threads, each at the background's nice value.
      expect(threads.filter((t) => t.nice === BACKGROUND_NICE)).toHaveLength(3);
      expect(threads.filter((t) => t.nice !== 0 && t.nice !== BACKGROUND_NICE)).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(server.child.exitCode).toBe(0);
  }, 90_000);
});
