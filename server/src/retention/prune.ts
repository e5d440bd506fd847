import { and, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { rollupWatermarks, telemetryBuckets } from '@console/db/schema/analysis';
import { devices, telemetry } from '@console/db/schema/devices';
import { bucketWatermarks } from './buckets.ts';
import {
  SERVER_WIDE,
  bucketCutoff,
  prunedName,
  rawCutoff,
  retentionRows,
  serverWide,
  type Retention,
} from './settings.ts';

/**
 * The pruning pass (docs/decisions/075-telemetry-retention.md): raw telemetry (with its track points) older than its
 * machine's raw window, and buckets older than the bucket window, deleted in batches of at most `batch` rows, each
 * its own short statement, so ingest and requests wait at most one batch. A raw row is deleted only once the buckets
 * have read it (its id at or below their watermark): a report that arrives late, with an old device time, stays until
 * it is folded. Alarms, daily work and bills are never touched.
 */
export const PRUNE_BATCH = 5_000;

export interface PruneResult {
  /** Raw reports deleted, each with its track point. */
  telemetry: number;
  buckets: number;
  /** Statements run (each deleted at most `batch` rows). */
  batches: number;
}

interface Window {
  orgId: number;
  /** Which machines: an organisation's own, or every machine of no organisation with a setting of its own. */
  machines: SQL;
  retention: Retention;
}

function windows(rows: Map<number, Retention>): Window[] {
  const own = [...rows.keys()].filter((orgId) => orgId !== SERVER_WIDE);
  const ofOrgs = (orgIds: number[]) =>
    sql`(select ${devices.id} from ${devices} where ${inArray(devices.orgId, orgIds)})`;
  const out: Window[] = own.map((orgId) => ({
    orgId,
    machines: sql`in ${ofOrgs([orgId])}`,
    retention: rows.get(orgId)!,
  }));
  out.push({
    orgId: SERVER_WIDE,
    machines: own.length > 0 ? sql`not in ${ofOrgs(own)}` : sql`is not null`,
    retention: serverWide(rows),
  });
  return out;
}

/** Delete at most `batch` rows of `table` matching `where`, by id; answers how many went. */
async function deleteSome(
  db: Db,
  table: typeof telemetry | typeof telemetryBuckets,
  where: SQL,
  batch: number,
): Promise<number> {
  const r = await db.run(
    sql`delete from ${table} where ${table.id} in (select ${table.id} from ${table} where ${where} order by ${table.id} limit ${sql.raw(String(batch))})`,
  );
  return Number(r.changes ?? 0);
}

export interface PruneOptions {
  batch?: number;
  /** At most this many statements in one call (the job calls again on its next run); unbounded by default. */
  maxBatches?: number;
  /** Between two statements (ingest takes the write lock meanwhile). */
  pause?: () => Promise<void>;
}

/** One pruning pass at `now`: every window, batch after batch, until nothing old is left (or `maxBatches`). */
export async function prune(db: Db, now: number, options: PruneOptions = {}): Promise<PruneResult> {
  const batch = options.batch ?? PRUNE_BATCH;
  const result: PruneResult = { telemetry: 0, buckets: 0, batches: 0 };
  const marks = await bucketWatermarks(db);
  const budget = () => options.maxBatches === undefined || result.batches < options.maxBatches;
  const drain = async (key: keyof Omit<PruneResult, 'batches'>, run: () => Promise<number>) => {
    while (budget()) {
      const n = await run();
      result.batches += 1;
      result[key] += n;
      if (n < batch) return;
      await options.pause?.();
    }
  };
  for (const w of windows(await retentionRows(db))) {
    const raw = rawCutoff(now, w.retention);
    // The horizon first: from here on readers answer this window's older ranges from the buckets (never moved back).
    await db
      .insert(rollupWatermarks)
      .values({ name: prunedName(w.orgId), lastId: raw })
      .onConflictDoUpdate({
        target: rollupWatermarks.name,
        set: { lastId: dialectOf(db).greatest(rollupWatermarks.lastId, sql`excluded.last_id`) },
      })
      .run();
    await drain('telemetry', () =>
      deleteSome(
        db,
        telemetry,
        and(
          // Its kind data and its track point both folded (they are read into the buckets apart).
          lte(telemetry.id, Math.min(marks.telemetry, marks.positions)),
          lt(telemetry.deviceTime, new Date(raw)),
          sql`${telemetry.deviceId} ${w.machines}`,
        )!,
        batch,
      ),
    );
    await drain('buckets', () =>
      deleteSome(
        db,
        telemetryBuckets,
        and(
          lt(telemetryBuckets.bucketAt, bucketCutoff(now, w.retention)),
          sql`${telemetryBuckets.deviceId} ${w.machines}`,
        )!,
        batch,
      ),
    );
  }
  return result;
}
