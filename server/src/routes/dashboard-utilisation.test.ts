import { describe, expect, it } from 'vitest';
import { lastDays } from './dashboard-utilisation.ts';

describe('the last seven days of a time zone', () => {
  it('start at local midnight, today last', () => {
    const now = Date.UTC(2026, 10, 22, 3, 0); // 11:00 in Shanghai, 22 November
    const days = lastDays(now, 'Asia/Shanghai');
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(days.at(-1)!.start).toBe(Date.UTC(2026, 10, 21, 16, 0));
  });

  it('follow the local date, not the UTC one', () => {
    // 03:00 UTC on 22 November is still the 21st in Los Angeles.
    const days = lastDays(Date.UTC(2026, 10, 22, 3, 0), 'America/Los_Angeles');
    expect(days.at(-1)).toEqual({ date: '2026-11-21', start: Date.UTC(2026, 10, 21, 8, 0) });
  });

  it('keep a day that changes the clock to 23 or 25 hours', () => {
    // New York moves to summer time on 8 March 2026: that day starts at 05:00 UTC, the next at 04:00 UTC.
    const days = lastDays(Date.UTC(2026, 2, 10, 12, 0), 'America/New_York');
    const march8 = days.findIndex((d) => d.date === '2026-03-08');
    expect(days[march8]!.start).toBe(Date.UTC(2026, 2, 8, 5, 0));
    expect(days[march8 + 1]!.start - days[march8]!.start).toBe(23 * 3600 * 1000);
    // Back to winter time on 1 November: a 25-hour day.
    const autumn = lastDays(Date.UTC(2026, 10, 3, 12, 0), 'America/New_York');
    const nov1 = autumn.findIndex((d) => d.date === '2026-11-01');
    expect(autumn[nov1 + 1]!.start - autumn[nov1]!.start).toBe(25 * 3600 * 1000);
  });
});
