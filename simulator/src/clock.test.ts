import { describe, expect, it } from 'vitest';
import { SimClock } from './clock.ts';

describe('the simulated clock', () => {
  const start = Date.UTC(2026, 10, 23);

  it('runs at its speed, pauses and resumes without a jump', () => {
    let real = 1_000_000;
    const clock = new SimClock({ start, realNow: () => real });
    real += 1000;
    expect(clock.now()).toBe(start + 1000);
    clock.setSpeed(3600);
    real += 1000;
    expect(clock.now()).toBe(start + 1000 + 3_600_000);
    clock.pause();
    real += 60_000;
    expect(clock.now()).toBe(start + 1000 + 3_600_000);
    expect(clock.state()).toMatchObject({ paused: true, speed: 3600 });
    clock.resume();
    real += 10;
    expect(clock.now()).toBe(start + 1000 + 3_600_000 + 36_000);
    expect(() => clock.setSpeed(0.5)).toThrow(RangeError);
    expect(() => clock.setSpeed(3601)).toThrow(RangeError);
  });

  it('fires timers in time order, each at its own time, however coarse the tick', () => {
    let real = 0;
    const clock = new SimClock({ start, speed: 3600, realNow: () => real });
    const seen: [string, number][] = [];
    clock.at(start + 7_200_000, () => seen.push(['two hours', clock.now()]));
    clock.at(start + 60_000, () => {
      seen.push(['a minute', clock.now()]);
      // Scheduled from inside a timer, still within this tick: it fires in the same tick, in order.
      clock.after(60_000, () => seen.push(['a minute later', clock.now()]));
    });
    const cancelled = clock.at(start + 120_000, () => seen.push(['cancelled', clock.now()]));
    cancelled.cancel();
    real += 3000; // three simulated hours in one tick
    clock.tick();
    expect(seen).toEqual([
      ['a minute', start + 60_000],
      ['a minute later', start + 120_000],
      ['two hours', start + 7_200_000],
    ]);
    expect(clock.now()).toBe(start + 3 * 3_600_000);
  });

  it('skips forward with its timers: nothing due in the skipped span runs, and each keeps its place', () => {
    let real = 0;
    const clock = new SimClock({ start, realNow: () => real });
    const seen: number[] = [];
    const report = () => {
      seen.push(clock.now());
      clock.after(60_000, report);
    };
    clock.after(60_000, report);
    real += 60_000;
    clock.tick();
    expect(seen).toEqual([start + 60_000]);
    const day = 86_400_000;
    clock.skip(20 * day);
    expect(clock.now()).toBe(start + 60_000 + 20 * day);
    real += 60_000;
    clock.tick();
    // One report a minute later on the new day, not the 28,800 of the skipped span.
    expect(seen).toEqual([start + 60_000, start + 120_000 + 20 * day]);
    expect(() => clock.skip(0)).toThrow(RangeError);
  });

  it('fires nothing while paused', () => {
    let real = 0;
    const clock = new SimClock({ start, realNow: () => real });
    let fired = false;
    clock.after(1000, () => (fired = true));
    clock.pause();
    real += 10_000;
    clock.tick();
    expect(fired).toBe(false);
    clock.resume();
    real += 1000;
    clock.tick();
    expect(fired).toBe(true);
  });
});
