import { dayInZone, resolveTimeZone, startOfDayInZone } from '../lib/time.ts';

/**
 * The time zone a machine's days are counted in (decision 037): that of the organisation it works for, the customer
 * while it is with one and its owner otherwise, read from the organisation's address. Organisations keep no zone of
 * their own; a mainland Chinese address (provinces, municipalities and regions are written in Chinese) is
 * Asia/Shanghai, the places abroad the seeded business and its customers work in have their zone, and anything
 * else counts in the server's default zone, as a request without a zone does.
 */
const ZONES_ABROAD: Record<string, string> = {
  'new south wales': 'Australia/Sydney',
  victoria: 'Australia/Melbourne',
  queensland: 'Australia/Brisbane',
  'western australia': 'Australia/Perth',
  'south australia': 'Australia/Adelaide',
  singapore: 'Asia/Singapore',
  dubai: 'Asia/Dubai',
  'abu dhabi': 'Asia/Dubai',
  'hong kong': 'Asia/Hong_Kong',
};

export function organisationZone(org: { province: string; city: string } | undefined): string {
  if (!org) return resolveTimeZone(undefined);
  if (/\p{Script=Han}/u.test(org.province + org.city)) return 'Asia/Shanghai';
  return ZONES_ABROAD[org.province.trim().toLowerCase()] ?? ZONES_ABROAD[org.city.trim().toLowerCase()] ?? resolveTimeZone(undefined);
}

/**
 * Calendar days of one zone, for thousands of instants in a row: the day an instant falls in, and where that day
 * ends, computed once per day (Intl is slow) and kept while the instants stay inside it.
 */
export class DayClock {
  private day = '';
  private start = Infinity;
  private end = -Infinity;
  constructor(readonly timeZone: string) {}

  private locate(t: number): void {
    if (t >= this.start && t < this.end) return;
    this.day = dayInZone(t, this.timeZone);
    this.start = startOfDayInZone(this.day, this.timeZone);
    this.end = startOfDayInZone(nextDay(this.day), this.timeZone);
  }

  dayOf(t: number): string {
    this.locate(t);
    return this.day;
  }

  /** The pieces of [from, to) that fall in each calendar day, oldest first. */
  split(from: number, to: number): { day: string; ms: number }[] {
    const pieces: { day: string; ms: number }[] = [];
    let t = from;
    while (t < to) {
      this.locate(t);
      const until = Math.min(to, this.end);
      pieces.push({ day: this.day, ms: until - t });
      t = until;
    }
    return pieces;
  }
}

/** The day after a `YYYY-MM-DD` day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
