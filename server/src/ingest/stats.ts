import { REJECT_REASONS, type RejectReason } from './validate.ts';

const LAG_SAMPLES = 4096;
const RECENT_REJECTS = 20;

export interface IngestStats {
  /** Connected and subscribed to the broker. */
  connected: boolean;
  /** Messages that arrived on the server's subscription. */
  received: number;
  /** Telemetry and status messages written to the database. */
  stored: number;
  /** Command acknowledgements accepted (handed to the command queue). */
  acks: number;
  rejected: Record<RejectReason, number>;
  /** Messages accepted but lost because their batch could not be written (logged). */
  failed: number;
  /** Writes that found the database busy and were kept for another attempt (nothing lost). */
  retried: number;
  /** Taking nothing from the broker: the buffer is full and could not be written yet. */
  paused: boolean;
  /** Transactions written. */
  batches: number;
  /** Machines the watchdog marked offline because they fell silent. */
  silenced: number;
  /** Accepted messages waiting for the next batch. */
  buffered: number;
  /** Receive to commit, over the last few thousand messages. */
  lagMs: { last: number; p50: number; p99: number; max: number };
  /** The latest refusals, newest first, for an operator to see what is wrong. */
  recentRejects: { at: number; topic: string; reason: RejectReason; detail: string }[];
}

/** Counters of one ingest, cheap to update on every message. */
export function createCounters() {
  const rejected = Object.fromEntries(REJECT_REASONS.map((r) => [r, 0])) as Record<RejectReason, number>;
  const lags = new Float64Array(LAG_SAMPLES);
  let lagCount = 0;
  let lagMax = 0;
  let lagLast = 0;
  const recent: IngestStats['recentRejects'] = [];
  const counters = {
    connected: false,
    received: 0,
    stored: 0,
    acks: 0,
    failed: 0,
    retried: 0,
    paused: false,
    batches: 0,
    silenced: 0,
  };
  return {
    counters,
    reject(at: number, topic: string, reason: RejectReason, detail: string) {
      rejected[reason]++;
      recent.unshift({ at, topic: topic.slice(0, 120), reason, detail });
      recent.length = Math.min(recent.length, RECENT_REJECTS);
    },
    lag(ms: number) {
      lags[lagCount++ % LAG_SAMPLES] = ms;
      lagLast = ms;
      if (ms > lagMax) lagMax = ms;
    },
    snapshot(buffered: number): IngestStats {
      const sorted = Array.from(lags.subarray(0, Math.min(lagCount, LAG_SAMPLES))).sort((a, b) => a - b);
      const at = (q: number) =>
        sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
      return {
        ...counters,
        rejected: { ...rejected },
        buffered,
        lagMs: { last: lagLast, p50: at(0.5), p99: at(0.99), max: lagMax },
        recentRejects: recent.map((r) => ({ ...r })),
      };
    },
  };
}

/**
 * A logger that says each kind of trouble at most once per interval, with how many it kept quiet: a broken or
 * hostile machine sending thousands of bad messages a second must not flood the log.
 */
export function rateLimited(
  log: (level: 'warn', message: string) => void,
  intervalMs = 10_000,
  now: () => number = Date.now,
) {
  const last = new Map<string, { at: number; quiet: number }>();
  return (key: string, message: string) => {
    const seen = last.get(key);
    const t = now();
    if (seen && t - seen.at < intervalMs) {
      seen.quiet++;
      return;
    }
    const quiet = seen?.quiet ?? 0;
    last.set(key, { at: t, quiet: 0 });
    log('warn', quiet > 0 ? `${message} (and ${quiet} more since the last report)` : message);
  };
}
