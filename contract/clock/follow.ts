/**
 * A process's clock. By default the wall clock. With a clock URL (CLOCK_URL, for QA; refused in production) it follows
 * a simulated world: it asks the simulator's control API (`GET /clock`, answering `{ aheadMs }`) every `pollMs` how
 * far simulated time is ahead of the wall clock and runs that far ahead itself. The server and the simulated outside
 * services (e-signature, payment) each follow the same URL, so bills, due days, arrears, sessions and the providers'
 * signed callbacks all move together when QA speed the simulator up or skip it forward (README, "Moving time"). It
 * never runs backwards: a simulator restarted at the wall clock leaves the clock where it was. The offset is kept in
 * shared memory, so another thread reads the same time without a message (`clockOf`).
 */
export interface FollowedClock {
  now: () => number;
  /** The offset's memory, for `clockOf` in another thread; null on the wall clock. */
  shared: SharedArrayBuffer | null;
  stop: () => void;
}

export type ClockLog = (level: 'info' | 'warn', message: string, detail?: string) => void;

export const CLOCK_POLL_MS = 250;

/** The clock another thread reads from `FollowedClock.shared`. */
export function clockOf(shared: SharedArrayBuffer | null): () => number {
  if (!shared) return Date.now;
  const offset = new BigInt64Array(shared);
  return () => Date.now() + Number(Atomics.load(offset, 0));
}

export function followClock(url: string | undefined, log: ClockLog, pollMs = CLOCK_POLL_MS): FollowedClock {
  if (!url) return { now: Date.now, shared: null, stop: () => {} };
  const shared = new SharedArrayBuffer(8);
  const offset = new BigInt64Array(shared);
  let warned = false;
  const poll = async () => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(pollMs * 4) });
      const { aheadMs } = (await response.json()) as { aheadMs?: unknown };
      if (typeof aheadMs !== 'number' || !Number.isFinite(aheadMs)) throw new Error('no aheadMs in its answer');
      const next = BigInt(Math.max(0, Math.floor(aheadMs)));
      if (next > Atomics.load(offset, 0)) Atomics.store(offset, 0, next);
      warned = false;
    } catch (error) {
      // The simulator may start after this process, or restart: the clock keeps its offset meanwhile.
      if (!warned) log('warn', `clock: ${url} did not answer; keeping the clock where it is`, String(error));
      warned = true;
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), pollMs);
  timer.unref();
  log('info', `clock: following ${url}`);
  return { now: clockOf(shared), shared, stop: () => clearInterval(timer) };
}
