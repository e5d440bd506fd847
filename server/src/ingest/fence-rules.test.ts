import { describe, expect, it } from 'vitest';
import type { FenceShape } from '@console/contract/http/fences';
import {
  accumulateWork,
  contains,
  dailyLimitVerdicts,
  distanceM,
  fenceVerdicts,
  inPolygon,
  isMonitoring,
  type WatchedFence,
} from './fence-rules.ts';

// People's Square, Shanghai.
const centre = { lat: 31.2304, lng: 121.4737 };
/** A point `m` metres north of the centre (1° of latitude is about 111.2 km). */
const north = (m: number) => ({ lat: centre.lat + m / 111_195, lng: centre.lng });

describe('where a point lies', () => {
  it('measures great-circle distances', () => {
    expect(distanceM(centre, north(1000))).toBeCloseTo(1000, 0);
    // Shanghai to Beijing is about 1,067 km.
    expect(distanceM(centre, { lat: 39.9042, lng: 116.4074 }) / 1000).toBeCloseTo(1067, -1);
  });

  it('is inside a circle up to its radius', () => {
    const circle: FenceShape = { type: 'circle', center: [centre.lat, centre.lng], radius: 500 };
    expect(contains(circle, north(499))).toBe(true);
    expect(contains(circle, north(501))).toBe(false);
  });

  it('is inside a rectangle between its corners', () => {
    const rect: FenceShape = {
      type: 'rectangle',
      bounds: [
        [31.2, 121.4],
        [31.3, 121.5],
      ],
    };
    expect(contains(rect, centre)).toBe(true);
    expect(contains(rect, { lat: 31.31, lng: 121.45 })).toBe(false);
    expect(contains(rect, { lat: 31.25, lng: 121.51 })).toBe(false);
  });

  it('is inside a concave polygon only within its outline', () => {
    // An L: the notch at the top right is outside.
    const points: [number, number][] = [
      [0, 0],
      [0, 2],
      [1, 2],
      [1, 1],
      [2, 1],
      [2, 0],
    ];
    expect(inPolygon({ lat: 0.5, lng: 0.5 }, points)).toBe(true);
    expect(inPolygon({ lat: 1.5, lng: 0.5 }, points)).toBe(true);
    expect(inPolygon({ lat: 1.5, lng: 1.5 }, points)).toBe(false);
    expect(contains({ type: 'polygon', points }, { lat: 3, lng: 3 })).toBe(false);
  });
});

describe('when a fence alarms', () => {
  const schedule = {
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    alarmStart: '08:00',
    alarmEnd: '18:00',
    timeZone: 'Asia/Shanghai',
  };
  /** A moment given as Shanghai wall-clock time. */
  const shanghai = (local: string) => Date.parse(`${local}+08:00`);

  it('monitors inside the dates and the window, both ends included, in the fence time zone', () => {
    expect(isMonitoring(schedule, shanghai('2026-11-10T08:00:00'))).toBe(true);
    expect(isMonitoring(schedule, shanghai('2026-11-10T18:00:59'))).toBe(true);
    expect(isMonitoring(schedule, shanghai('2026-11-10T07:59:59'))).toBe(false);
    expect(isMonitoring(schedule, shanghai('2026-11-10T18:01:00'))).toBe(false);
    expect(isMonitoring(schedule, shanghai('2026-11-30T12:00:00'))).toBe(true);
    expect(isMonitoring(schedule, shanghai('2026-12-01T12:00:00'))).toBe(false);
    expect(isMonitoring(schedule, shanghai('2026-10-31T12:00:00'))).toBe(false);
    // 12:00 in Berlin is 19:00 in Shanghai: outside a Shanghai window, inside the same window kept in Berlin.
    const berlinNoon = Date.parse('2026-11-10T12:00:00+01:00');
    expect(isMonitoring(schedule, berlinNoon)).toBe(false);
    expect(isMonitoring({ ...schedule, timeZone: 'Europe/Berlin' }, berlinNoon)).toBe(true);
  });

  it('runs a window that ends before it starts over midnight', () => {
    const night = { ...schedule, alarmStart: '22:00', alarmEnd: '06:00' };
    expect(isMonitoring(night, shanghai('2026-11-10T23:30:00'))).toBe(true);
    expect(isMonitoring(night, shanghai('2026-11-11T05:59:00'))).toBe(true);
    expect(isMonitoring(night, shanghai('2026-11-11T12:00:00'))).toBe(false);
  });
});

describe('what a move means for the alarms', () => {
  const fence: WatchedFence = {
    id: 7,
    shape: { type: 'circle', center: [centre.lat, centre.lng], radius: 1000 },
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    alarmStart: '08:00',
    alarmEnd: '18:00',
    timeZone: 'Asia/Shanghai',
    dailyLimitHours: null,
  };
  const inWindow = Date.parse('2026-11-10T10:00:00+08:00');
  const afterHours = Date.parse('2026-11-10T20:00:00+08:00');
  const inside = north(200);
  const outside = north(3000);
  const finding = { level: 2, value: null, detail: 'fence:7' };

  it('opens an enter alarm on crossing in and an exit alarm on crossing out, ending the other', () => {
    expect(fenceVerdicts(fence, outside, inside, inWindow)).toEqual({ fenceEnter: finding, fenceExit: null });
    expect(fenceVerdicts(fence, inside, outside, inWindow)).toEqual({ fenceExit: finding, fenceEnter: null });
  });

  it('keeps an open alarm while the machine stays on its side, and opens nothing', () => {
    expect(fenceVerdicts(fence, inside, north(300), inWindow)).toEqual({ fenceExit: null });
    expect(fenceVerdicts(fence, outside, north(4000), inWindow)).toEqual({ fenceEnter: null });
  });

  it('opens nothing for a crossing outside the window or the dates', () => {
    expect(fenceVerdicts(fence, outside, inside, afterHours)).toEqual({ fenceExit: null });
    expect(fenceVerdicts(fence, inside, outside, Date.parse('2026-12-02T10:00:00+08:00'))).toEqual({
      fenceEnter: null,
    });
  });

  it('sees no crossing without an earlier position, and says nothing without a new one', () => {
    expect(fenceVerdicts(fence, null, inside, inWindow)).toEqual({ fenceExit: null });
    expect(fenceVerdicts(fence, inside, null, inWindow)).toBeUndefined();
  });

  it('ends every fence alarm of a machine bound to no fence', () => {
    expect(fenceVerdicts(undefined, outside, inside, inWindow)).toEqual({ fenceEnter: null, fenceExit: null });
  });
});

describe('the daily limit', () => {
  const fence: WatchedFence = {
    id: 9,
    shape: { type: 'circle', center: [centre.lat, centre.lng], radius: 1000 },
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    alarmStart: '08:00',
    alarmEnd: '18:00',
    timeZone: 'Asia/Shanghai',
    dailyLimitHours: 2,
  };
  const at = (time: string) => Date.parse(`2026-11-10T${time}:00+08:00`);
  const work = (samples: [string, boolean][]) =>
    samples.reduce<ReturnType<typeof accumulateWork> | undefined>(
      (prev, [time, working]) => accumulateWork(prev, at(time), working, fence.timeZone),
      undefined,
    )!;

  it('counts the time between reports while the machine works, not across a silence or a pause', () => {
    expect(
      work([
        ['08:00', true],
        ['08:05', true],
        ['08:10', false],
        ['08:30', true],
      ]).workedMs,
    ).toBe(10 * 60_000);
    // Silent for 40 minutes: not known to work.
    expect(
      work([
        ['08:00', true],
        ['08:40', true],
        ['08:45', true],
      ]).workedMs,
    ).toBe(5 * 60_000);
    // A report older than the latest changes nothing; a new day in the fence's zone starts from nothing.
    const day = work([
      ['08:00', true],
      ['08:05', true],
    ]);
    expect(accumulateWork(day, at('08:01'), true, fence.timeZone)).toBe(day);
    expect(accumulateWork(day, Date.parse('2026-11-11T00:01:00+08:00'), true, fence.timeZone).workedMs).toBe(0);
  });

  it('alarms past the limit on a monitoring date, and not without a limit or outside the dates', () => {
    const long = { day: '2026-11-10', workedMs: 2.5 * 3600_000, lastAt: at('12:00'), working: true };
    expect(dailyLimitVerdicts(fence, long)).toEqual({
      fenceOvertime: { level: 2, value: 2.5, detail: 'fence:9' },
    });
    expect(dailyLimitVerdicts(fence, { ...long, workedMs: 2 * 3600_000 })).toEqual({ fenceOvertime: null });
    expect(dailyLimitVerdicts({ ...fence, dailyLimitHours: 0 }, long)).toEqual({ fenceOvertime: null });
    expect(dailyLimitVerdicts(fence, { ...long, day: '2026-12-01' })).toEqual({ fenceOvertime: null });
    expect(dailyLimitVerdicts(undefined, long)).toEqual({ fenceOvertime: null });
  });
});
