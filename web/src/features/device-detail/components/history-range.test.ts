import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { presetRange } from './history-range.tsx';

const at = (text: string) => dayjs(text).valueOf();

describe('history range presets', () => {
  it('reads hours back from now and days as calendar days including today', () => {
    const now = dayjs('2026-03-20 10:30');
    expect(presetRange('6h', now, false)).toEqual({ from: at('2026-03-20 04:30'), to: now.valueOf(), clipped: false });
    expect(presetRange('1d', now, false).from).toBe(at('2026-03-20 00:00'));
    expect(presetRange('7d', now, false).from).toBe(at('2026-03-14 00:00'));
  });

  it('starts at the start of the month when a preset would cross months, and says so', () => {
    const now = dayjs('2026-03-03 10:30');
    expect(presetRange('7d', now, false)).toEqual({ from: at('2026-03-01 00:00'), to: now.valueOf(), clipped: true });
    expect(presetRange('24h', now, false).clipped).toBe(false);
    expect(presetRange('24h', dayjs('2026-03-01 08:00'), false).from).toBe(at('2026-03-01 00:00'));
  });

  it("keeps a mower's range within today", () => {
    const now = dayjs('2026-03-20 02:00');
    expect(presetRange('6h', now, true)).toEqual({ from: at('2026-03-20 00:00'), to: now.valueOf(), clipped: true });
    expect(presetRange('1h', now, true).clipped).toBe(false);
  });
});
