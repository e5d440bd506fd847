import { and, asc, getTableColumns, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { readCommittedTransaction, type Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { rollupWatermarks, telemetryBuckets } from '@console/db/schema/analysis';
import { telemetry, trackPoints } from '@console/db/schema/devices';
import { bucketOf } from './settings.ts';

/**
 * The 5-minute buckets (docs/decisions/075-telemetry-retention.md), filled from the raw telemetry and track points
 * past their own watermarks, a chunk at a time, in one transaction per chunk (buckets and watermarks move together).
 * The watermarks are ids, as the daily rollup's (decision 037): on SQLite ids only grow in commit order; on
 * PostgreSQL the chunk reads no row past `rollup_committed_ids()` (decision 067, step 5), the last ids below which
 * every row is committed or never will be.
 */
export const BUCKET_CHUNK = 2_000;
export const BUCKETS_TELEMETRY = 'buckets.telemetry';
export const BUCKETS_TRACKS = 'buckets.track_points';

/** A numeric reading's `[count, sum, min, max]`. */
export type Stat = [number, number, number, number];
export type Bucket = typeof telemetryBuckets.$inferInsert & { stats: string };

/** Every numeric reading of a report: `field`, and `field.i` for an array's numbers. */
export function numericReadings(data: unknown): [string, number][] {
  if (!data || typeof data !== 'object') return [];
  const out: [string, number][] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value === 'number' && Number.isFinite(value)) out.push([key, value]);
    else if (Array.isArray(value))
      value.forEach((v, i) => {
        if (typeof v === 'number' && Number.isFinite(v)) out.push([`${key}.${i}`, v]);
      });
  }
  return out;
}

export interface RawReport {
  deviceId: number;
  t: number;
  receivedAt: number;
  data: unknown;
}
export interface RawPoint {
  deviceId: number;
  t: number;
  receivedAt: number;
  lat: number;
  lng: number;
  speed: number;
  alarmInfo: string;
  alarmValue: number | null;
}

const keyOf = (deviceId: number, at: number) => `${deviceId}:${at}`;

function emptyBucket(deviceId: number, bucketAt: number): Bucket {
  return { deviceId, bucketAt, reports: 0, points: 0, stats: '{}' };
}

/**
 * Add reports and points (in id order) to the buckets they fall in. Pure: the same rows cut into any chunks give the
 * same buckets (a tie on time keeps the later row as the bucket's last, as the raw readers' order by time does).
 */
export function foldBuckets(existing: Bucket[], reports: RawReport[], points: RawPoint[]): Bucket[] {
  const buckets = new Map(existing.map((b) => [keyOf(b.deviceId, b.bucketAt), { ...b }]));
  const stats = new Map<string, Record<string, Stat>>();
  const at = (deviceId: number, t: number) => {
    const bucketAt = bucketOf(t);
    const key = keyOf(deviceId, bucketAt);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = emptyBucket(deviceId, bucketAt)));
    let s = stats.get(key);
    if (!s) stats.set(key, (s = JSON.parse(bucket.stats) as Record<string, Stat>));
    return [bucket, s] as const;
  };
  for (const r of reports) {
    const [b, s] = at(r.deviceId, r.t);
    b.reports = (b.reports ?? 0) + 1;
    const data = JSON.stringify(r.data);
    if (b.firstAt == null || r.t < b.firstAt) {
      b.firstAt = r.t;
      b.firstData = data;
    }
    if (b.lastAt == null || r.t >= b.lastAt) {
      b.lastAt = r.t;
      b.lastReceivedAt = r.receivedAt;
      b.lastData = data;
    }
    for (const [field, v] of numericReadings(r.data)) {
      const stat = s[field];
      if (!stat) s[field] = [1, v, v, v];
      else s[field] = [stat[0] + 1, stat[1] + v, Math.min(stat[2], v), Math.max(stat[3], v)];
    }
  }
  for (const p of points) {
    const [b] = at(p.deviceId, p.t);
    b.points = (b.points ?? 0) + 1;
    if (b.gpsAt == null || p.t >= b.gpsAt) {
      b.gpsAt = p.t;
      b.gpsReceivedAt = p.receivedAt;
      b.lat = p.lat;
      b.lng = p.lng;
      b.speed = p.speed;
      b.alarmInfo = p.alarmInfo;
      b.alarmValue = p.alarmValue;
    }
  }
  for (const [key, s] of stats) buckets.get(key)!.stats = JSON.stringify(s);
  return [...buckets.values()];
}

/** The last ids below which every row is settled: none on SQLite (ids grow in commit order); 0006's on PostgreSQL. */
async function settledIds(db: Db): Promise<{ telemetry: number; track_points: number } | null> {
  if (dialectOf(db).engine !== 'postgres') return null;
  return (await db.transaction(async (tx) =>
    tx.get<{ telemetry: number; track_points: number }>(sql`select * from rollup_committed_ids()`),
  ))!;
}

export interface BucketChunkResult {
  telemetry: number;
  positions: number;
}

export interface BucketChunkOptions {
  chunk?: number;
  /** Called once the chunk's rows are read, before anything is written (tests: another transaction in between). */
  afterRead?: () => Promise<void>;
}

/**
 * Fold one chunk of telemetry and of track points into the buckets; 0 and 0 once caught up. On PostgreSQL the chunk is
 * a READ COMMITTED transaction that locks its own watermark rows first: the daily rollup's SERIALIZABLE chunks on the
 * same thread read every watermark and move their own, and a serializable fold beside them was aborted as a
 * serialization failure whenever a rollup chunk committed while it ran (under 5,000 reports a second every attempt of
 * every run failed, so nothing was ever pruned). The lock keeps a second folder (another server process) waiting
 * for the first to commit, then reading the watermark it moved.
 */
export async function bucketChunk(db: Db, options: BucketChunkOptions = {}): Promise<BucketChunkResult> {
  const size = options.chunk ?? BUCKET_CHUNK;
  const upTo = await settledIds(db);
  return readCommittedTransaction(db, async (): Promise<BucketChunkResult> => {
    await db
      .insert(rollupWatermarks)
      .values([
        { name: BUCKETS_TELEMETRY, lastId: 0 },
        { name: BUCKETS_TRACKS, lastId: 0 },
      ])
      .onConflictDoNothing()
      .run();
    const marks = new Map(
      (
        await db.all<{ name: string; lastId: number }>(
          sql`select ${rollupWatermarks.name} as "name", ${rollupWatermarks.lastId} as "lastId" from ${rollupWatermarks}
            where ${inArray(rollupWatermarks.name, [BUCKETS_TELEMETRY, BUCKETS_TRACKS])}${dialectOf(db).forUpdate}`,
        )
      ).map((w) => [w.name, Number(w.lastId)] as const),
    );
    const fromT = marks.get(BUCKETS_TELEMETRY) ?? 0;
    const fromP = marks.get(BUCKETS_TRACKS) ?? 0;
    const reports = await db
      .select({
        id: telemetry.id,
        deviceId: telemetry.deviceId,
        t: sql<number>`${telemetry.deviceTime}`,
        receivedAt: sql<number>`${telemetry.receivedAt}`,
        data: telemetry.data,
      })
      .from(telemetry)
      .where(upTo ? and(gt(telemetry.id, fromT), lte(telemetry.id, upTo.telemetry)) : gt(telemetry.id, fromT))
      .orderBy(asc(telemetry.id))
      .limit(size)
      .all();
    const points = await db
      .select({
        id: trackPoints.id,
        deviceId: trackPoints.deviceId,
        t: sql<number>`${trackPoints.gpsTime}`,
        receivedAt: sql<number>`${trackPoints.receivedAt}`,
        lat: trackPoints.lat,
        lng: trackPoints.lng,
        speed: trackPoints.speed,
        alarmInfo: trackPoints.alarmInfo,
        alarmValue: trackPoints.alarmValue,
      })
      .from(trackPoints)
      .where(upTo ? and(gt(trackPoints.id, fromP), lte(trackPoints.id, upTo.track_points)) : gt(trackPoints.id, fromP))
      .orderBy(asc(trackPoints.id))
      .limit(size)
      .all();
    if (reports.length === 0 && points.length === 0) return { telemetry: 0, positions: 0 };
    await options.afterRead?.();

    const d = dialectOf(db);
    const wanted = new Map<string, [number, number]>();
    for (const r of [...reports, ...points]) {
      const deviceId = Number(r.deviceId);
      const bucketAt = bucketOf(Number(r.t));
      wanted.set(keyOf(deviceId, bucketAt), [deviceId, bucketAt]);
    }
    // The chunk's buckets in one statement, their keys bound as one value a column (dialect.ts `rowsOf`).
    const keys = d.rowsOf('w', { device_id: telemetryBuckets.deviceId, bucket_at: telemetryBuckets.bucketAt }, [
      ...wanted.values(),
    ]);
    const existing = await db
      .select()
      .from(telemetryBuckets)
      .where(
        sql`(${telemetryBuckets.deviceId}, ${telemetryBuckets.bucketAt}) in (select device_id, bucket_at from ${keys})`,
      )
      .all();
    const folded = foldBuckets(
      existing,
      reports.map((r) => ({ ...r, t: Number(r.t), receivedAt: Number(r.receivedAt) })),
      points.map((p) => ({ ...p, t: Number(p.t), receivedAt: Number(p.receivedAt) })),
    );
    await upsertBuckets(db, folded);
    const moved: { name: string; lastId: number }[] = [];
    if (reports.length > 0) moved.push({ name: BUCKETS_TELEMETRY, lastId: reports.at(-1)!.id });
    if (points.length > 0) moved.push({ name: BUCKETS_TRACKS, lastId: points.at(-1)!.id });
    await db
      .insert(rollupWatermarks)
      .values(moved)
      .onConflictDoUpdate({ target: rollupWatermarks.name, set: { lastId: sql`excluded.last_id` } })
      .run();
    return { telemetry: reports.length, positions: points.length };
  });
}

/** The columns a bucket is written with (every one but its id), and what an existing bucket takes of a new one. */
const { id: _id, ...BUCKET_COLUMNS } = getTableColumns(telemetryBuckets);
const BUCKET_ENTRIES = Object.entries(BUCKET_COLUMNS) as [keyof Bucket, SQLiteColumn][];
const BUCKET_BY_NAME = Object.fromEntries(BUCKET_ENTRIES.map(([, column]) => [column.name, column]));
const BUCKET_NAMES = sql.join(
  BUCKET_ENTRIES.map(([, column]) => sql.identifier(column.name)),
  sql`, `,
);
const BUCKET_UPDATE = sql.join(
  BUCKET_ENTRIES.filter(([key]) => key !== 'deviceId' && key !== 'bucketAt').map(
    ([, column]) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`,
  ),
  sql`, `,
);

/**
 * Write folded buckets, new or updated, in one statement: each column's values bound as one value (dialect.ts
 * `rowsOf`), not a parameter a cell, which cost building a query of thousands of parameters every chunk.
 */
async function upsertBuckets(db: Db, folded: readonly Bucket[]): Promise<void> {
  if (folded.length === 0) return;
  const values = folded.map((bucket) => BUCKET_ENTRIES.map(([key]) => bucket[key] ?? null));
  // `where true`: SQLite reads an `on conflict` after a select without a where as the select's join.
  await db.run(sql`insert into ${telemetryBuckets} (${BUCKET_NAMES})
    select ${BUCKET_NAMES} from ${dialectOf(db).rowsOf('v', BUCKET_BY_NAME, values)} where true
    on conflict (device_id, bucket_at) do update set ${BUCKET_UPDATE}`);
}

/** Fold until caught up (tests, the bench). */
export async function bucketAll(db: Db, options: { chunk?: number } = {}): Promise<BucketChunkResult> {
  const total = { telemetry: 0, positions: 0 };
  for (;;) {
    const r = await bucketChunk(db, options);
    total.telemetry += r.telemetry;
    total.positions += r.positions;
    if (r.telemetry === 0 && r.positions === 0) return total;
  }
}

/** How far the buckets have read (the prune deletes no raw row past it). */
export async function bucketWatermarks(db: Db): Promise<{ telemetry: number; positions: number }> {
  const rows = await db
    .select()
    .from(rollupWatermarks)
    .where(inArray(rollupWatermarks.name, [BUCKETS_TELEMETRY, BUCKETS_TRACKS]))
    .all();
  const of = (name: string) => Number(rows.find((r) => r.name === name)?.lastId ?? 0);
  return { telemetry: of(BUCKETS_TELEMETRY), positions: of(BUCKETS_TRACKS) };
}
