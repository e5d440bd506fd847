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

type Range = { from: number; to: number; toExclusive?: boolean };

/** The buckets of a range before the cutoff whose kept report (`b.lastAt`) or track point (`b.gpsAt`) lies in it. */
function keptIn(at: typeof b.lastAt | typeof b.gpsAt, deviceId: number, range: Range, cutoff: number) {
  return and(
    eq(b.deviceId, deviceId),
    lt(b.bucketAt, cutoff),
    isNotNull(at),
    gte(at, range.from),
    range.toExclusive ? lt(at, range.to) : lte(at, range.to),
  );
}

/** A page of such buckets, by bucket time, newest or oldest first. */
function keptPage(data: ScopedData, where: SQL | undefined, order: 'asc' | 'desc', limit: number, offset: number) {
  if (limit <= 0) return Promise.resolve([]);
  return of(data)
    .where(where)
    .orderBy(order === 'asc' ? asc(b.bucketAt) : desc(b.bucketAt))
    .limit(limit)
    .offset(offset)
    .all();
}

const keptCount = (data: ScopedData, where: SQL | undefined) =>
  data.count(data.select({ id: b.id }).from(b, data.viaDevice(b.deviceId)).where(where));

/** The kept reports (each bucket's last) of a range before the cutoff, newest or oldest first, at most `limit`. */
export const keptReports = async (
  data: ScopedData,
  deviceId: number,
  range: Range,
  cutoff: number,
  order: 'asc' | 'desc',
  limit: number,
  offset = 0,
): Promise<KeptReport[]> =>
  (await keptPage(data, keptIn(b.lastAt, deviceId, range, cutoff), order, limit, offset)).map(keptReport);

/** How many kept reports a range before the cutoff holds. */
export const keptReportCount = (data: ScopedData, deviceId: number, range: Range, cutoff: number) =>
  keptCount(data, keptIn(b.lastAt, deviceId, range, cutoff));

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

/** The kept track points (each bucket's last) of a range before the cutoff. */
export const keptPoints = async (
  data: ScopedData,
  deviceId: number,
  range: Range,
  cutoff: number,
  order: 'asc' | 'desc',
  limit: number,
  offset = 0,
): Promise<KeptPoint[]> =>
  (await keptPage(data, keptIn(b.gpsAt, deviceId, range, cutoff), order, limit, offset)).map(keptPoint);

/** How many kept track points a range before the cutoff holds. */
export const keptPointCount = (data: ScopedData, deviceId: number, range: Range, cutoff: number) =>
  keptCount(data, keptIn(b.gpsAt, deviceId, range, cutoff));

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
