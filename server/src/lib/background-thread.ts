import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the calling thread's priority by `nice` (BACKGROUND_NICE, docs/decisions/081): the server's background
 * threads (ingest, the embedded broker, the rollup with retention and upkeep) call it as they start, so that on a busy
 * host a request's thread wins a core against a batch, and the batch waits in ingest's queue, which is there to absorb
 * such waits. 10 below the server gives a background thread about a tenth of a core that a request's thread wants too
 * (the kernel's weights: 1024 at nice 0, 110 at 10), and all of any core no request wants. Below the server's own
 * priority, whatever it was started at (19 at most).
 *
 * Only on Linux, where a thread has a nice value of its own (`setPriority` without a pid changes the calling thread);
 * elsewhere it would lower the whole server, requests too. A host that refuses (a sandbox without the call) leaves the
 * thread as it was, which is what a refusal costs.
 */
export function standBehindRequests(log: (level: 'warn', message: string) => void, thread: string, nice: number): void {
  if (process.platform !== 'linux' || nice === 0) return;
  try {
    setPriority(Math.min(19, getPriority() + nice));
  } catch (error) {
    log('warn', `${thread} thread: its priority stays the server's (${(error as Error).message})`);
  }
}
