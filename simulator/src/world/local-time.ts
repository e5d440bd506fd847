/**
 * Local time at a work site: machines keep working hours in their site's time zone. The seeded fleet works in
 * mainland China, Singapore, Sydney and Dubai; elsewhere the zone comes from the longitude (solar time), and a
 * scenario may name its zone.
 */
const REGIONS: [zone: string, latMin: number, latMax: number, lngMin: number, lngMax: number][] = [
  ['Asia/Shanghai', 18, 54, 73, 135],
  ['Asia/Singapore', -1, 7, 99, 105],
  ['Australia/Sydney', -38, -28, 141, 154],
  ['Asia/Dubai', 22, 27, 51, 57],
];

export function timeZoneAt(lat: number, lng: number): string {
  for (const [zone, latMin, latMax, lngMin, lngMax] of REGIONS) {
    if (lat >= latMin && lat <= latMax && lng >= lngMin && lng <= lngMax) return zone;
  }
  const hours = Math.max(-12, Math.min(14, Math.round(lng / 15)));
  // The Etc zones count the other way round: Etc/GMT-8 is eight hours ahead of UTC.
  return hours === 0 ? 'Etc/UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and UTC hour: Intl is far too slow to ask for every report of 20,000 machines. */
const offsets = new Map<string, number>();

function offsetMs(zone: string, t: number): number {
  const hour = Math.floor(t / HOUR);
  const key = `${zone}@${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    let format = formatters.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
      formatters.set(zone, format);
    }
    const parts = Object.fromEntries(format.formatToParts(hour * HOUR).map((p) => [p.type, p.value]));
    const local = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
    offset = local - hour * HOUR;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export interface LocalTime {
  /** Hour of the day with fraction, 0 <= hour < 24. */
  hour: number;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  /** Days since 1970-01-01 in local time: changes at local midnight. */
  day: number;
  /** Day of the year, 0-365, for seasons. */
  dayOfYear: number;
}

export function localTime(zone: string, t: number): LocalTime {
  const local = t + offsetMs(zone, t);
  const day = Math.floor(local / DAY);
  const date = new Date(local);
  return {
    hour: (local - day * DAY) / HOUR,
    weekday: date.getUTCDay(),
    day,
    dayOfYear: Math.floor((local - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY),
  };
}
