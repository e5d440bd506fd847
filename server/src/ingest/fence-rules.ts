import type { FenceShape } from '@console/contract/http/fences';
import { formatInZone } from '../lib/time.ts';
import type { Finding, Verdicts } from './alarm-rules.ts';

/**
 * The fence alarm rule, as pure functions: where a point lies against a shape, whether a moment is inside a
 * fence's monitoring dates and daily window, and what a move of a machine means for its enter and exit alarms.
 * fence-watch.ts feeds it the fences from its cache; ingest applies the verdicts like any other rule's.
 */

export interface Point {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): exact enough for a 5 km circle. */
export function distanceM(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Ray casting over [lat, lng] corners; a point on an edge may fall either side, as in any such test. */
export function inPolygon(p: Point, points: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [latI, lngI] = points[i]!;
    const [latJ, lngJ] = points[j]!;
    if (latI > p.lat !== latJ > p.lat && p.lng < ((lngJ - lngI) * (p.lat - latI)) / (latJ - latI) + lngI) {
      inside = !inside;
    }
  }
  return inside;
}

export function contains(shape: FenceShape, p: Point): boolean {
  switch (shape.type) {
    case 'circle':
      return distanceM({ lat: shape.center[0], lng: shape.center[1] }, p) <= shape.radius;
    case 'rectangle': {
      const [[south, west], [north, east]] = shape.bounds;
      return p.lat >= south && p.lat <= north && p.lng >= west && p.lng <= east;
    }
    case 'polygon':
      return inPolygon(p, shape.points);
  }
}

/** When a fence alarms: its monitoring dates and daily window, read in its time zone. */
export interface FenceSchedule {
  startDate: string;
  endDate: string;
  /** `HH:mm`; the window includes its end minute, and runs over midnight when the end is before the start. */
  alarmStart: string;
  alarmEnd: string;
  timeZone: string;
}

export function isMonitoring(s: FenceSchedule, at: number): boolean {
  // 'YYYY-MM-DD HH:mm:ss' compares as text: the day against the dates, the minute against the window.
  const local = formatInZone(at, s.timeZone);
  const day = local.slice(0, 10);
  if (day < s.startDate || day > s.endDate) return false;
  const minute = local.slice(11, 16);
  return s.alarmStart <= s.alarmEnd
    ? minute >= s.alarmStart && minute <= s.alarmEnd
    : minute >= s.alarmStart || minute <= s.alarmEnd;
}

export interface WatchedFence extends FenceSchedule {
  id: number;
  shape: FenceShape;
  /** Hours a bound machine may work a day; null or 0: no limit (as an overspeed threshold of 0). */
  dailyLimitHours: number | null;
}

/** An alarm's detail names the fence that raised it, so a fence lists its alarms (fence/alarms.do). */
export const fenceAlarmDetail = (fenceId: number) => `fence:${fenceId}`;

/**
 * What a machine's move from `from` to `to` (WGS-84) at `at` means for its fence alarms:
 * - crossing into its fence opens an enter alarm, crossing out opens an exit alarm, but only while the fence
 *   is monitoring; a crossing outside the dates or the window alarms nothing, then or later;
 * - being outside ends the enter alarm, being inside ends the exit alarm;
 * - a machine bound to no fence has no fence alarm (one left from a fence it was unbound from ends).
 * Without a new position (a report without a fix) it says nothing; without an earlier one, no crossing.
 */
export function fenceVerdicts(
  fence: WatchedFence | undefined,
  from: Point | null,
  to: Point | null,
  at: number,
): Verdicts | undefined {
  if (!to) return undefined;
  if (!fence) return { fenceEnter: null, fenceExit: null };
  const inside = contains(fence.shape, to);
  const wasInside = from ? contains(fence.shape, from) : inside;
  const crossed = inside !== wasInside && isMonitoring(fence, at);
  const finding: Finding = { level: 2, value: null, detail: fenceAlarmDetail(fence.id) };
  if (inside) return crossed ? { fenceEnter: finding, fenceExit: null } : { fenceExit: null };
  return crossed ? { fenceExit: finding, fenceEnter: null } : { fenceEnter: null };
}

/** A bound machine's working time on one day of its fence's calendar, for the daily limit (decision 015). */
export interface WorkedToday {
  /** `YYYY-MM-DD` in the fence's time zone. */
  day: string;
  workedMs: number;
  /** The latest report counted, and whether the machine was working then. */
  lastAt: number;
  working: boolean;
}

/** Reports further apart than this add no work between them: the machine was silent, not seen working. */
export const MAX_WORK_GAP_MS = 10 * 60 * 1000;

/**
 * Add the time since the previous report when the machine was working then. A new day (in the fence's zone)
 * starts from nothing; a report older than the latest counted changes nothing.
 */
export function accumulateWork(
  prev: WorkedToday | undefined,
  at: number,
  working: boolean,
  timeZone: string,
): WorkedToday {
  const day = formatInZone(at, timeZone).slice(0, 10);
  if (prev && at < prev.lastAt) return prev;
  if (!prev || prev.day !== day) return { day, workedMs: 0, lastAt: at, working };
  const gap = at - prev.lastAt;
  const workedMs = prev.workedMs + (prev.working && gap <= MAX_WORK_GAP_MS ? gap : 0);
  return { day, workedMs, lastAt: at, working };
}

/**
 * The daily limit: on a monitoring date, a bound machine that has worked longer than its fence's limit that
 * day has the fence's overtime alarm (its value the hours worked), until the day is over. No limit, no fence
 * or another day: none.
 */
export function dailyLimitVerdicts(fence: WatchedFence | undefined, worked: WorkedToday | undefined): Verdicts {
  if (!fence?.dailyLimitHours || !worked) return { fenceOvertime: null };
  if (worked.day < fence.startDate || worked.day > fence.endDate) return { fenceOvertime: null };
  if (worked.workedMs <= fence.dailyLimitHours * 3600_000) return { fenceOvertime: null };
  const hours = Math.round(worked.workedMs / 360_000) / 10;
  return { fenceOvertime: { level: 2, value: hours, detail: fenceAlarmDetail(fence.id) } };
}
