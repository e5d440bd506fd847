import type { Db } from '@console/db/client';
import { startRepeatingJob } from '../lib/repeating-job.ts';
import { bucketChunk } from './buckets.ts';
import { prune, PRUNE_BATCH, type PruneResult } from './prune.ts';

/**
 * The retention job (docs/decisions/075-telemetry-retention.md), on the daily rollup's thread (off the API's and
 * ingest's): once at start and then every minute, it folds what arrived into the 5-minute buckets, a chunk at a time
 * (for RETENTION_FOLD_MS at most), then prunes what fell out of the windows at most RETENTION_RUN_BATCHES batches a
 * run, pausing between statements so ingest's commits go in between. `now` is the server's clock (the one QA moves),
 * so windows follow it; the fold's 30 s are real time.
 */
export const RETENTION_INTERVAL_MS = 60_000;
export const RETENTION_PAUSE_MS = 100;
/** Batches one run deletes at most: 40 of 5,000 rows, 200,000 a minute, above a 20,000-machine fleet's 10-second rate. */
export const RETENTION_RUN_BATCHES = 40;
/**
 * How long one run folds before it prunes, at most. Under more reports than the fold keeps up with (measured: 5,000 a
 * second on PostgreSQL on a 2-core host) a run that folded until caught up would never reach its pruning pass.
 */
export const RETENTION_FOLD_MS = 30_000;

export interface RetentionJobDeps {
  db: Db;
  now: () => number;
  log: (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One run: buckets caught up (for `foldMs` at most: at least one chunk), then one bounded pruning pass, which deletes
 * only what is folded. The reports folded and what the pass deleted (null when stopped before it).
 */
export async function retentionRun(
  deps: RetentionJobDeps,
  options: { pauseMs?: number; foldMs?: number; stopped?: () => boolean } = {},
): Promise<{ folded: number; pruned: PruneResult | null }> {
  const wait = () => pause(options.pauseMs ?? RETENTION_PAUSE_MS);
  const foldUntil = Date.now() + (options.foldMs ?? RETENTION_FOLD_MS);
  let folded = 0;
  while (!options.stopped?.()) {
    const r = await bucketChunk(deps.db);
    folded += r.telemetry;
    if ((r.telemetry === 0 && r.positions === 0) || Date.now() >= foldUntil) break;
    await wait();
  }
  if (options.stopped?.()) return { folded, pruned: null };
  const pruned = await prune(deps.db, deps.now(), {
    batch: PRUNE_BATCH,
    maxBatches: RETENTION_RUN_BATCHES,
    pause: wait,
  });
  return { folded, pruned };
}

/** Start the job; `stop` resolves once no run is going. A run still going when the next is due is not doubled. */
export function startRetentionJob(
  deps: RetentionJobDeps,
  intervalMs = RETENTION_INTERVAL_MS,
): { stop(): Promise<void> } {
  return startRepeatingJob(
    (stopped) => retentionRun(deps, { stopped }),
    intervalMs,
    (error) => deps.log('error', 'telemetry retention failed (it tries again on its next run)', error),
  );
}
