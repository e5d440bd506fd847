/**
 * The server's background threads stand behind requests (server/src/lib/background-thread.ts, docs/decisions/081):
 * on Linux the ingest, broker and rollup threads run at a lower priority than the API's, so that on a busy host a
 * request is given a core before a batch is, as far below as BACKGROUND_NICE says.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';
import { BACKGROUND_NICE_DEFAULT } from '@console/server/src/lib/env';
import { eventually, startServerProcess } from '../../fixtures/server-process.ts';

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

  /**
   * The threads of a server started with these settings, once `steps` below its main thread: each worker lowers its
   * priority when its code starts to run, after its modules load, which may be after the server listens.
   */
  async function backgroundOf(name: string, steps: number, env: Record<string, string> = {}) {
    const file = join(dir, `${name}.db`);
    openDb(file).close();
    const server = await startServerProcess({ dbFile: file, range: PORTS, env });
    // The server starts at this process's priority (a child inherits it): usually 0.
    const started = getPriority();
    const background = Math.min(19, started + steps);
    try {
      let threads = threadsOf(server.child.pid!);
      await eventually('three threads behind the main one', () => {
        threads = threadsOf(server.child.pid!);
        return threads.filter((t) => t.nice === background).length >= 3;
      });
      expect(threads.find((t) => t.name === 'MainThread')?.nice).toBe(started);
      // Ingest, the embedded broker and the rollup (each worker names its thread), each that much below; nothing else
      // moved.
      expect(
        threads
          .filter((t) => t.nice === background)
          .map((t) => t.name)
          .sort(),
      ).toEqual(['broker', 'ingest', 'rollup']);
      expect(threads.filter((t) => t.nice !== started && t.nice !== background)).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(server.child.exitCode).toBe(0);
  }

  it('runs ingest, the broker and the rollup below the API thread, which keeps the priority it was started with', async () => {
    await backgroundOf('default', BACKGROUND_NICE_DEFAULT);
  }, 90_000);

  it('puts them as far below as BACKGROUND_NICE says', async () => {
    await backgroundOf('three', 3, { BACKGROUND_NICE: '3' });
  }, 90_000);
});
