/** Zones a request named that proved real: checking one makes a formatter, which costs more than the request's SQL. */
const knownZones = new Set<string>(['Asia/Shanghai']);

/** The zone a user's times are rendered in: the request's `timeZone` header when it names a real zone. */
export function resolveTimeZone(header: string | undefined): string {
  if (header && !knownZones.has(header)) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: header });
      // Real zones are a few hundred, so the set stays small; a made-up name is never kept.
      knownZones.add(header);
    } catch {
      // An unknown zone falls through to the default.
    }
  }
  return header && knownZones.has(header) ? header : 'Asia/Shanghai';
}

// One formatter per zone: making one costs far more than using it, and a list formats thousands of times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `YYYY-MM-DD HH:mm:ss` in the given zone: how every time a user sees is written. */
export function formatInZone(date: Date | number, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** `YYYY-MM-DD`: the calendar day of a moment in the given zone. */
export function dayInZone(date: Date | number, timeZone: string): string {
  return formatInZone(date, timeZone).slice(0, 10);
}

/** The first millisecond of a calendar day (`YYYY-MM-DD`) in the given zone. */
export function startOfDayInZone(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // The zone's offset at a moment: its wall-clock time read as UTC, minus the moment.
  const offsetAt = (t: number) => Date.parse(`${formatInZone(t, timeZone).replace(' ', 'T')}Z`) - t;
  const guess = utcMidnight - offsetAt(utcMidnight);
  // Once more at the guess, for a day that starts near a daylight-saving change.
  return utcMidnight - offsetAt(guess);
}

/** The moment a wall-clock time `YYYY-MM-DD HH:mm:ss` names in the given zone. */
export function wallTimeInZone(text: string, timeZone: string): number {
  const [y, mo, d, h, mi, s] = text.split(/[-: ]/).map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetAt = (t: number) => Date.parse(`${formatInZone(t, timeZone).replace(' ', 'T')}Z`) - t;
  // As startOfDayInZone: the offset once more at the first guess, for a time near a daylight-saving change.
  return asUtc - offsetAt(asUtc - offsetAt(asUtc));
}
