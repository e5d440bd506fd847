import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte, type SQL } from 'drizzle-orm';
import { telemetryBuckets } from '@console/db/schema/analysis';
import type { ScopedData } from '../lib/data.ts';
import type { Stat } from './buckets.ts';
import { bucketOf, rawCutoffOfDevice } from './settings.ts';

/**
 * What the readers of telemetry answer for a range older than the raw window (docs/decisions/075): the 5-minute
 * buckets, read through the same device scope as the raw rows. A bucket stands for its last report and its last
 * track point; its statistics give a chart's averages over whole buckets.
 */

/** Where the machine's raw window starts: parts of a range before it are read from the buckets. */
export const rawWindowStart = (data: ScopedData, deviceId: number, now: number) =>
  rawCutoffOfDevice(data.unscoped('alreadyScoped'), deviceId, now);

const b = telemetryBuckets;
const of = (data: ScopedData) => data.select().from(b, data.viaDevice(b.deviceId));

/** Buckets of a machine overlapping [from, to] and before the cutoff. */
const overlapping = (deviceId: number, from: number, to: number, cutoff: number) =>
  and(eq(b.deviceId, deviceId), gte(b.bucketAt, bucketOf(from)), lte(b.bucketAt, to), lt(b.bucketAt, cutoff));

/** Each numeric reading's count and sum per bucket of the range (a chart adds them up per period). */
export async function bucketStats(data: ScopedData, deviceId: number, from: number, to: number, cutoff: number) {
  const rows = await data
    .select({ at: b.bucketAt, reports: b.reports, stats: b.stats })
    .from(b, data.viaDevice(b.deviceId))
    .where(and(overlapping(deviceId, from, to, cutoff), gt(b.reports, 0)))
    .orderBy(asc(b.bucketAt))
    .all();
  return rows.map((r) => ({
    at: Number(r.at),
    reports: Number(r.reports),
    stats: JSON.parse(r.stats) as Record<string, Stat>,
  }));
}

/** A bucket's kept report, as a raw report row reads. */
export interface KeptReport {
  deviceTime: Date;
  receivedAt: Date;
  data: unknown;
}
const keptReport = (r: typeof b.$inferSelect): KeptReport => ({
  deviceTime: new Date(Number(r.lastAt)),
  receivedAt: new Date(Number(r.lastReceivedAt)),
  data: JSON.parse(r.lastData!) as unknown,
});

/** The kept reports (each bucket's last) of a range before the cutoff, newest or oldest first, at most `limit`. */
export async function keptReports(
  data: ScopedData,
  deviceId: number,
  range: { from: number; to: number; toExclusive?: boolean },
  cutoff: number,
  order: 'asc' | 'desc',
  limit: number,
  offset = 0,
): Promise<KeptReport[]> {
  if (limit <= 0) return [];
  const rows = await of(data)
    .where(keptReportsIn(deviceId, range, cutoff))
    .orderBy(order === 'asc' ? asc(b.bucketAt) : desc(b.bucketAt))
    .limit(limit)
    .offset(offset)
    .all();
  return rows.map(keptReport);
}

function keptReportsIn(deviceId: number, range: { from: number; to: number; toExclusive?: boolean }, cutoff: number) {
  return and(
    eq(b.deviceId, deviceId),
    lt(b.bucketAt, cutoff),
    isNotNull(b.lastAt),
    gte(b.lastAt, range.from),
    range.toExclusive ? lt(b.lastAt, range.to) : lte(b.lastAt, range.to),
  );
}

/** How many kept reports a range before the cutoff holds. */
export const keptReportCount = (
  data: ScopedData,
  deviceId: number,
  range: { from: number; to: number; toExclusive?: boolean },
  cutoff: number,
) =>
  data.count(
    data
      .select({ id: b.id })
      .from(b, data.viaDevice(b.deviceId))
      .where(keptReportsIn(deviceId, range, cutoff)),
  );

/** A bucket's kept track point, as a raw track point row reads. */
export interface KeptPoint {
  id: number;
  gpsTime: Date;
  receivedAt: Date;
  lat: number;
  lng: number;
  speed: number;
  alarmInfo: string;
  alarmValue: number | null;
}
const keptPoint = (r: typeof b.$inferSelect): KeptPoint => ({
  id: 0,
  gpsTime: new Date(Number(r.gpsAt)),
  receivedAt: new Date(Number(r.gpsReceivedAt)),
  lat: r.lat!,
  lng: r.lng!,
  speed: r.speed!,
  alarmInfo: r.alarmInfo ?? '',
  alarmValue: r.alarmValue,
});

function keptPointsIn(deviceId: number, range: { from: number; to: number; toExclusive?: boolean }, cutoff: number) {
  return and(
    eq(b.deviceId, deviceId),
    lt(b.bucketAt, cutoff),
    isNotNull(b.gpsAt),
    gte(b.gpsAt, range.from),
    range.toExclusive ? lt(b.gpsAt, range.to) : lte(b.gpsAt, range.to),
  );
}

/** The kept track points (each bucket's last) of a range before the cutoff. */
export async function keptPoints(
  data: ScopedData,
  deviceId: number,
  range: { from: number; to: number; toExclusive?: boolean },
  cutoff: number,
  order: 'asc' | 'desc',
  limit: number,
  offset = 0,
): Promise<KeptPoint[]> {
  if (limit <= 0) return [];
  const rows = await of(data)
    .where(keptPointsIn(deviceId, range, cutoff))
    .orderBy(order === 'asc' ? asc(b.bucketAt) : desc(b.bucketAt))
    .limit(limit)
    .offset(offset)
    .all();
  return rows.map(keptPoint);
}

export const keptPointCount = (
  data: ScopedData,
  deviceId: number,
  range: { from: number; to: number; toExclusive?: boolean },
  cutoff: number,
) =>
  data.count(
    data
      .select({ id: b.id })
      .from(b, data.viaDevice(b.deviceId))
      .where(keptPointsIn(deviceId, range, cutoff)),
  );

/**
 * The last report at or before `at` kept in the buckets before the cutoff (a bucket holding `at` answers its first
 * report when its last is later), or with `after` the first at or after it.
 */
export async function keptReportNear(
  data: ScopedData,
  deviceId: number,
  at: number,
  cutoff: number,
  after = false,
): Promise<KeptReport | null> {
  const where: SQL = after
    ? and(eq(b.deviceId, deviceId), lt(b.bucketAt, cutoff), gte(b.lastAt, at))!
    : and(eq(b.deviceId, deviceId), lt(b.bucketAt, cutoff), lte(b.firstAt, at))!;
  const row = await of(data)
    .where(where)
    .orderBy(after ? asc(b.bucketAt) : desc(b.bucketAt))
    .limit(1)
    .get();
  if (!row) return null;
  const useFirst = after ? Number(row.firstAt) >= at : Number(row.lastAt) > at;
  return useFirst
    ? {
        deviceTime: new Date(Number(row.firstAt)),
        receivedAt: new Date(Number(row.firstAt)),
        data: JSON.parse(row.firstData!),
      }
    : keptReport(row);
}

/** The last track point at or before `at` kept in the buckets before the cutoff. */
export async function keptPointBefore(data: ScopedData, deviceId: number, at: number, cutoff: number) {
  const row = await of(data)
    .where(and(eq(b.deviceId, deviceId), lt(b.bucketAt, cutoff), lte(b.gpsAt, at)))
    .orderBy(desc(b.bucketAt))
    .limit(1)
    .get();
  return row ? keptPoint(row) : null;
}
