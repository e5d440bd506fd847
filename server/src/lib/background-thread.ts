import { setPriority } from 'node:os';

/**
 * The nice value of the server's background threads (ingest, the embedded broker, the rollup with retention and
 * upkeep): on a busy host a request's thread wins a core against a batch, and the batch waits in ingest's queue, which
 * is there to absorb such waits. 10 gives a background thread about a tenth of a core that a request's thread wants
 * too (the kernel's weights: 1024 at 0, 110 at 10), and all of any core no request wants.
 */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's priority to BACKGROUND_NICE. Only on Linux, where a thread has a nice value of its own
 * (`setPriority` without a pid changes the calling thread); elsewhere it would lower the whole server, requests too.
 * A host that refuses (a sandbox without the call) leaves the thread as it was, which is what a refusal costs.
 */
export function standBehindRequests(log: (level: 'warn', message: string) => void, thread: string): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(BACKGROUND_NICE);
  } catch (error) {
    log('warn', `${thread} thread: its priority stays the server's (${(error as Error).message})`);
  }
}
