import { dayInZone, startOfDayInZone } from '../lib/time.ts';

export { organisationZone } from '@console/contract/codes/organisation-zone';

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
