import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { HISTORY_MAX_RECORDS, TELEMETRY_FIELDS } from '@console/contract/http/device-detail';
import { kindData, type KindData } from '@console/contract/mqtt/payloads';
import { storedPositions } from '@console/contract/mqtt/stored-data';
import type { ScopedData } from '../../lib/data.ts';
import type { Dialect } from '@console/db/dialect';
import { telemetry, trackPoints } from '@console/db/schema/devices';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { zoneOffsetMs } from './history-rules.ts';
import {
  bucketStats,
  keptPoints,
  keptReportNear,
  keptReports,
  rawWindowStart,
  type KeptPoint,
  type KeptReport,
} from '../../retention/read.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A numeric reading of a kind (`batteryPct`, `pumpCurrentA.0`; the names come from TELEMETRY_FIELDS only) read in SQL
 * from telemetry's stored values by its position in the row's shape (contract/mqtt/stored-data.ts).
 */
function storedNumber(dialect: Dialect, kind: MachineKind, field: string): SQL<number | null> {
  const at = storedPositions(kind, field);
  if (at.length === 0) return sql<null>`null`;
  if (at.length === 1) return dialect.jsonNumber(telemetry.data, ...at[0]!.path);
  const shape = dialect.jsonNumber(telemetry.data, 0);
  const cases = at.map(
    (p) => sql`when ${shape} = ${sql.raw(String(p.shape))} then ${dialect.jsonNumber(telemetry.data, ...p.path)}`,
  );
  return sql<number | null>`(case ${sql.join(cases, sql` `)} end)`;
}

/** Raw rows of a range, from the raw window's start on (older parts are read from the buckets, decision 075). */
const inRange = (deviceId: number, from: number, to: number, cutoff = 0) =>
  and(
    eq(telemetry.deviceId, deviceId),
    gte(telemetry.deviceTime, new Date(Math.max(from, cutoff))),
    lte(telemetry.deviceTime, new Date(to)),
  );

/** The shortest period a range reaching before the raw window is drawn in: the buckets' 5 minutes. */
const BUCKET_MINUTES = 5;

/**
 * The kind's numeric telemetry averaged per period, in SQL: a month of 10-second reports never reaches JavaScript.
 * A range reaching before the machine's raw window (decision 075) adds the 5-minute buckets' counts and sums for that
 * part, in periods of at least 5 minutes, the same before and after the raw rows there are pruned.
 */
export async function telemetrySeries(
  data: ScopedData,
  device: { id: number; kind: MachineKind },
  from: number,
  to: number,
  asked: number,
  timeZone: string,
  now: number,
) {
  const cutoff = await rawWindowStart(data, device.id, now);
  const fields = TELEMETRY_FIELDS[device.kind];
  const periodMinutes = from < cutoff ? Math.max(asked, BUCKET_MINUTES) : asked;
  const periodMs = periodMinutes * 60_000;
  // Periods start on the user's clock (a day period at local midnight), with the offset at the range's start.
  const offset = zoneOffsetMs(from, timeZone);
  const periodOf = (t: number) => Math.floor((t + offset) / periodMs) * periodMs - offset;
  const sums = Object.fromEntries(
    fields.flatMap((field, i) => {
      const value = storedNumber(data.dialect, device.kind, field);
      return [
        [`s${i}`, sql<number | null>`sum(${value})`],
        [`c${i}`, sql<number>`count(${value})`],
      ];
    }),
  );
  const periods = new Map<number, { n: number; sums: number[]; counts: number[] }>();
  const periodAt = (t: number) => {
    let p = periods.get(t);
    if (!p) periods.set(t, (p = { n: 0, sums: fields.map(() => 0), counts: fields.map(() => 0) }));
    return p;
  };
  if (from < cutoff)
    for (const bucket of await bucketStats(data, device.id, from, to, cutoff)) {
      const p = periodAt(periodOf(bucket.at));
      p.n += bucket.reports;
      fields.forEach((field, i) => {
        const stat = bucket.stats[field];
        if (!stat) return;
        p.counts[i]! += stat[0];
        p.sums[i]! += stat[1];
      });
    }
  if (to >= cutoff) {
    const rows = (await data
      .select({
        // Numbers bind as reals: cast, so the division truncates to whole periods.
        t: sql<number>`cast((${telemetry.deviceTime} + ${offset}) / ${periodMs} as bigint) * ${periodMs} - ${offset}`,
        n: sql<number>`count(*)`,
        ...sums,
      })
      .from(telemetry, data.viaDevice(telemetry.deviceId))
      .where(inRange(device.id, from, to, cutoff))
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .all()) as ({ t: number; n: number } & Record<string, number | null>)[];
    for (const r of rows) {
      const p = periodAt(Number(r.t));
      p.n += Number(r.n);
      fields.forEach((_, i) => {
        p.counts[i]! += Number(r[`c${i}`] ?? 0);
        p.sums[i]! += Number(r[`s${i}`] ?? 0);
      });
    }
  }
  const times = [...periods.keys()].sort((a, b) => a - b);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    periodMinutes,
    times,
    fields: Object.fromEntries(
      fields.map((field, i) => [
        field,
        times.map((t) => {
          const p = periods.get(t)!;
          return round(p.counts[i]! > 0 ? p.sums[i]! / p.counts[i]! : null);
        }),
      ]),
    ),
    reports: [...periods.values()].reduce((sum, p) => sum + p.n, 0),
  };
}

/**
 * The newest reports of a range, at most one query's worth, with whether more lie in it. Before the machine's raw
 * window each 5-minute bucket stands for its last report (decision 075).
 */
export async function telemetryRecords(
  data: ScopedData,
  deviceId: number,
  from: number,
  to: number,
  timeZone: string,
  now: number,
) {
  const cutoff = await rawWindowStart(data, deviceId, now);
  const raw: KeptReport[] =
    to >= cutoff
      ? await data
          .select()
          .from(telemetry, data.viaDevice(telemetry.deviceId))
          .where(inRange(deviceId, from, to, cutoff))
          // The time alone, so the (device_id, device_time) index orders the rows and the limit stops the scan.
          .orderBy(desc(telemetry.deviceTime))
          .limit(HISTORY_MAX_RECORDS + 1)
          .all()
      : [];
  const rows =
    from < cutoff
      ? [
          ...raw,
          ...(await keptReports(data, deviceId, { from, to }, cutoff, 'desc', HISTORY_MAX_RECORDS + 1 - raw.length)),
        ]
      : raw;
  const list = rows.slice(0, HISTORY_MAX_RECORDS).flatMap((r) => {
    // A row ingest accepted is valid; an unreadable one (a hand-edited database) is left out, not answered.
    const data = kindData.safeParse(r.data);
    return data.success
      ? [
          {
            deviceTime: formatInZone(r.deviceTime, timeZone),
            receivedAt: formatInZone(r.receivedAt, timeZone),
            data: data.data as KindData,
          },
        ]
      : [];
  });
  return { list, truncated: rows.length > HISTORY_MAX_RECORDS };
}

/**
 * The newest track points of a range (at most one query's worth), oldest first as a line is drawn; before the raw
 * window, each 5-minute bucket's last point (decision 075).
 */
export async function trackOf(
  data: ScopedData,
  deviceId: number,
  from: number,
  to: number,
  timeZone: string,
  now: number,
) {
  const cutoff = await rawWindowStart(data, deviceId, now);
  const raw: KeptPoint[] =
    to >= cutoff
      ? await data
          .select()
          .from(trackPoints, data.viaDevice(trackPoints.deviceId))
          .where(
            and(
              eq(trackPoints.deviceId, deviceId),
              gte(trackPoints.gpsTime, new Date(Math.max(from, cutoff))),
              lte(trackPoints.gpsTime, new Date(to)),
            ),
          )
          .orderBy(desc(trackPoints.gpsTime))
          .limit(HISTORY_MAX_RECORDS + 1)
          .all()
      : [];
  const rows =
    from < cutoff
      ? [
          ...raw,
          ...(await keptPoints(data, deviceId, { from, to }, cutoff, 'desc', HISTORY_MAX_RECORDS + 1 - raw.length)),
        ]
      : raw;
  const list = rows
    .slice(0, HISTORY_MAX_RECORDS)
    .reverse()
    .map((r) => ({
      gpsTime: formatInZone(r.gpsTime, timeZone),
      receivedAt: formatInZone(r.receivedAt, timeZone),
      lat: r.lat,
      lng: r.lng,
      speed: r.speed,
      alarmInfo: r.alarmInfo,
      alarmValue: r.alarmValue,
    }));
  return { list, truncated: rows.length > HISTORY_MAX_RECORDS };
}

const meterOf = (d: unknown): number | null => {
  const r = d as { workingHours?: unknown; engineHours?: unknown } | null;
  const h = r?.workingHours ?? r?.engineHours;
  return typeof h === 'number' ? h : null;
};

/**
 * The hour meter at a moment: the last reading up to then, else the first after (nothing counted before it). Raw rows
 * from the raw window's start on, the 5-minute buckets before it (decision 075).
 */
async function meterAt(data: ScopedData, deviceId: number, at: number, cutoff: number): Promise<number | null> {
  const read = async (where: SQL, order: SQL) =>
    meterOf(
      (
        await data
          .select({ data: telemetry.data })
          .from(telemetry, data.viaDevice(telemetry.deviceId))
          .where(and(eq(telemetry.deviceId, deviceId), gte(telemetry.deviceTime, new Date(cutoff)), where))
          .orderBy(order)
          .limit(1)
          .get()
      )?.data,
    );
  const kept = async (after: boolean) => meterOf((await keptReportNear(data, deviceId, at, cutoff, after))?.data);
  return (
    (at >= cutoff ? await read(lte(telemetry.deviceTime, new Date(at)), desc(telemetry.deviceTime)) : null) ??
    (await kept(false)) ??
    (await kept(true)) ??
    (await read(gte(telemetry.deviceTime, new Date(at)), asc(telemetry.deviceTime)))
  );
}

/** Kinds with an hour meter (working or engine hours); batteries and chargers have none. */
export const hasHourMeter = (kind: MachineKind) =>
  (TELEMETRY_FIELDS[kind] as readonly string[]).some((f) => f === 'workingHours' || f === 'engineHours');

/**
 * Working hours per calendar day of the range (the hour meter's advance that day) and their share of the part
 * of the day the range covers. Two index seeks per day: at most 31 days, whatever the reporting rate.
 */
export async function workingDays(
  data: ScopedData,
  deviceId: number,
  from: number,
  to: number,
  timeZone: string,
  now: number,
) {
  const cutoff = await rawWindowStart(data, deviceId, now);
  const days: { date: string; hours: number; utilisationPct: number }[] = [];
  for (let date = formatInZone(from, timeZone).slice(0, 10); ;) {
    const dayStart = startOfDayInZone(date, timeZone);
    if (dayStart > to) break;
    const start = Math.max(dayStart, from);
    const end = Math.min(dayStart + DAY_MS - 1, to);
    const before = await meterAt(data, deviceId, start, cutoff);
    const after = await meterAt(data, deviceId, end, cutoff);
    const hours = before === null || after === null ? 0 : Math.max(0, Math.round((after - before) * 10) / 10);
    const span = (end - start + 1) / HOUR_MS;
    days.push({ date, hours, utilisationPct: Math.min(100, Math.round((hours / span) * 1000) / 10) });
    // The next calendar day, from noon of this one (a day of a daylight-saving change is not 24 hours long).
    date = formatInZone(dayStart + DAY_MS + 12 * HOUR_MS, timeZone).slice(0, 10);
  }
  return { days, totalHours: Math.round(days.reduce((sum, d) => sum + d.hours, 0) * 10) / 10 };
}
