import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { HISTORY_MAX_RECORDS, TELEMETRY_FIELDS } from '@console/contract/http/device-detail';
import { kindData, type KindData } from '@console/contract/mqtt/payloads';
import type { ScopedData } from '../../lib/data.ts';
import type { Dialect } from '@console/db/dialect';
import { telemetry, trackPoints } from '@console/db/schema/devices';
import { formatInZone, startOfDayInZone } from '../../lib/time.ts';
import { zoneOffsetMs } from './history-rules.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `pumpCurrentA.0` -> `pumpCurrentA`, 0 (a JSON path: `$.pumpCurrentA[0]`); the names come from TELEMETRY_FIELDS only. */
const jsonPath = (field: string) => field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));

const inRange = (deviceId: number, from: number, to: number) =>
  and(
    eq(telemetry.deviceId, deviceId),
    gte(telemetry.deviceTime, new Date(from)),
    lte(telemetry.deviceTime, new Date(to)),
  );

/** The kind's numeric telemetry averaged per period, in SQL: a month of 10-second reports never reaches JavaScript. */
export async function telemetrySeries(
  data: ScopedData,
  device: { id: number; kind: MachineKind },
  from: number,
  to: number,
  periodMinutes: number,
  timeZone: string,
) {
  const fields = TELEMETRY_FIELDS[device.kind];
  const periodMs = periodMinutes * 60_000;
  // Periods start on the user's clock (a day period at local midnight), with the offset at the range's start.
  const offset = zoneOffsetMs(from, timeZone);
  const averages = Object.fromEntries(
    fields.map((field, i) => [
      `f${i}`,
      sql<number | null>`avg(${data.dialect.jsonNumber(telemetry.data, ...jsonPath(field))})`,
    ]),
  );
  const rows = (await data
    .select({
      // Numbers bind as reals: cast, so the division truncates to whole periods.
      t: sql<number>`cast((${telemetry.deviceTime} + ${offset}) / ${periodMs} as bigint) * ${periodMs} - ${offset}`,
      n: sql<number>`count(*)`,
      ...averages,
    })
    .from(telemetry, data.viaDevice(telemetry.deviceId))
    .where(inRange(device.id, from, to))
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .all()) as ({ t: number; n: number } & Record<string, number | null>)[];
  const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    periodMinutes,
    times: rows.map((r) => r.t),
    fields: Object.fromEntries(fields.map((field, i) => [field, rows.map((r) => round(r[`f${i}`] ?? null))])),
    reports: rows.reduce((sum, r) => sum + r.n, 0),
  };
}

/** The newest reports of a range, at most one query's worth, with whether more lie in it. */
export async function telemetryRecords(data: ScopedData, deviceId: number, from: number, to: number, timeZone: string) {
  const rows = await data
    .select()
    .from(telemetry, data.viaDevice(telemetry.deviceId))
    .where(inRange(deviceId, from, to))
    // The time alone, so the (device_id, device_time) index orders the rows and the limit stops the scan.
    .orderBy(desc(telemetry.deviceTime))
    .limit(HISTORY_MAX_RECORDS + 1)
    .all();
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

/** The newest track points of a range (at most one query's worth), oldest first as a line is drawn. */
export async function trackOf(data: ScopedData, deviceId: number, from: number, to: number, timeZone: string) {
  const rows = await data
    .select()
    .from(trackPoints, data.viaDevice(trackPoints.deviceId))
    .where(
      and(
        eq(trackPoints.deviceId, deviceId),
        gte(trackPoints.gpsTime, new Date(from)),
        lte(trackPoints.gpsTime, new Date(to)),
      ),
    )
    .orderBy(desc(trackPoints.gpsTime))
    .limit(HISTORY_MAX_RECORDS + 1)
    .all();
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

const hourMeter = (dialect: Dialect) =>
  sql`coalesce(${dialect.jsonNumber(telemetry.data, 'workingHours')}, ${dialect.jsonNumber(telemetry.data, 'engineHours')})`;

/** The hour meter at a moment: the last reading up to then, else the first after (nothing counted before it). */
async function meterAt(data: ScopedData, deviceId: number, at: number): Promise<number | null> {
  const read = async (where: SQL, order: SQL) =>
    (
      await data
        .select({ h: sql<number | null>`${hourMeter(data.dialect)}` })
        .from(telemetry, data.viaDevice(telemetry.deviceId))
        .where(and(eq(telemetry.deviceId, deviceId), where))
        .orderBy(order)
        .limit(1)
        .get()
    )?.h ?? null;
  return (
    (await read(lte(telemetry.deviceTime, new Date(at)), desc(telemetry.deviceTime))) ??
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
export async function workingDays(data: ScopedData, deviceId: number, from: number, to: number, timeZone: string) {
  const days: { date: string; hours: number; utilisationPct: number }[] = [];
  for (let date = formatInZone(from, timeZone).slice(0, 10); ;) {
    const dayStart = startOfDayInZone(date, timeZone);
    if (dayStart > to) break;
    const start = Math.max(dayStart, from);
    const end = Math.min(dayStart + DAY_MS - 1, to);
    const before = await meterAt(data, deviceId, start);
    const after = await meterAt(data, deviceId, end);
    const hours = before === null || after === null ? 0 : Math.max(0, Math.round((after - before) * 10) / 10);
    const span = (end - start + 1) / HOUR_MS;
    days.push({ date, hours, utilisationPct: Math.min(100, Math.round((hours / span) * 1000) / 10) });
    // The next calendar day, from noon of this one (a day of a daylight-saving change is not 24 hours long).
    date = formatInZone(dayStart + DAY_MS + 12 * HOUR_MS, timeZone).slice(0, 10);
  }
  return { days, totalHours: Math.round(days.reduce((sum, d) => sum + d.hours, 0) * 10) / 10 };
}
