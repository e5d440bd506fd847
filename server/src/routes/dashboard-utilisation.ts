import { inArray, sql, type SQL } from 'drizzle-orm';
import type { ScopedData } from '../lib/data.ts';
import { devices } from '@console/db/schema/devices';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { UTILISATION_DAYS, type Utilisation } from '@console/contract/http/dashboard';

/** The kinds whose telemetry carries an hour counter (workingHours or engineHours); batteries and chargers do not. */
const HOUR_KINDS: MachineKind[] = ['aerialPlatform', 'concretePump', 'wetSprayer', 'mower', 'boat', 'forklift'];

/** Local wall-clock time minus UTC at an instant, in ms. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a calendar day starts in a zone (twice corrected, for a change of offset that day). */
function startOfDay(y: number, m: number, d: number, timeZone: string): number {
  const wall = Date.UTC(y, m, d);
  let guess = wall - zoneOffset(wall, timeZone);
  guess = wall - zoneOffset(guess, timeZone);
  return guess;
}

/** The last `count` calendar days in the zone, today last: their dates and the instants they start. */
export function lastDays(now: number, timeZone: string, count = UTILISATION_DAYS): { date: string; start: number }[] {
  const today = new Date(now + zoneOffset(now, timeZone));
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (count - 1 - i)));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()];
    return { date: day.toISOString().slice(0, 10), start: startOfDay(y, m, d, timeZone) };
  });
}

/**
 * A machine's hour counter at an instant: its last reading up to then or, before its first reading, the first
 * one after (so the days before a machine reported count nothing). Index seeks on (device_id, device_time),
 * so the cost follows the number of machines, not the size of the telemetry table.
 */
function counterAt(instant: number): SQL {
  // Qualified by hand: drizzle writes a column of the single selected table unqualified, which would name t's.
  const device = sql`"devices"."id"`;
  const hours = sql`coalesce(json_extract(t.data, '$.workingHours'), json_extract(t.data, '$.engineHours'))`;
  return sql`coalesce(
    (select ${hours} from telemetry t where t.device_id = ${device} and t.device_time <= ${instant}
      order by t.device_time desc limit 1),
    (select ${hours} from telemetry t where t.device_id = ${device} and t.device_time > ${instant}
      order by t.device_time asc limit 1))`;
}

/**
 * Working hours per day over the last seven days: for each machine the advance of its hour counter from the
 * start of a day to the start of the next (now, for today), summed over the machines in scope.
 */
export function workingHoursByDay(data: ScopedData, now: number, timeZone: string): Utilisation['days'] {
  const days = lastDays(now, timeZone);
  const instants = [...days.map((d) => d.start), now];
  const rows = data
    .select(Object.fromEntries(instants.map((at, i) => [`h${i}`, counterAt(at)])))
    .from(devices, data.deviceScope())
    .where(inArray(devices.kind, HOUR_KINDS))
    .all() as Record<string, number | null>[];
  return days.map((day, i) => {
    const length = (instants[i + 1]! - instants[i]!) / 3600000;
    let hours = 0;
    let machines = 0;
    for (const row of rows) {
      const from = row[`h${i}`];
      const to = row[`h${i + 1}`];
      if (from === null || from === undefined || to === null || to === undefined) continue;
      // A counter that went back (a replaced controller) or jumped beyond the day's length is not worked time.
      const worked = Math.min(Math.max(to - from, 0), length);
      if (worked > 0) {
        hours += worked;
        machines++;
      }
    }
    return { date: day.date, hours: Math.round(hours * 10) / 10, machines };
  });
}
