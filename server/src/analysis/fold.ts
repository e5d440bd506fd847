import { MAX_SPEED_KMH, type KindData } from '@console/contract/mqtt/payloads';
import { MAX_CHARGER_KW, MAX_MOWING_M2_PER_HOUR, MIN_CYCLE_HOURS } from '@console/contract/codes/machine-kinds';
import type { DayClock } from './zone.ts';

/**
 * Folding a machine's reports into its days (docs/decisions/037-daily-work.md). Pure: the rollup job
 * (rollup.ts) reads the rows and writes the days; everything a figure means is decided here.
 *
 * Each report is folded against the previous one of the same machine (its `FoldState`, kept between chunks in
 * work_cursors), and the interval between them is split at the local midnights of the machine's zone:
 * - hours powered: the time between two reports, unless they are more than ROLLUP_GAP_MS apart (switched off,
 *   or out of coverage: unknown time is not counted as powered);
 * - hours worked: the advance of the hour meter (workingHours or engineHours), at most the time between the two
 *   reports (a meter that jumps or goes back, a replaced controller, is not worked time), spread over the
 *   interval; a battery and a charger have no meter: their hours worked are the time spent discharging or
 *   charging;
 * - volume: the previous report's rate (displacementM3h, sprayRateM3h) over the time until the next report, while
 *   pumping or spraying, within a continuous interval;
 * - area: the advance of areaTodayM2 (which starts again from 0 each day on the machine: a fall the same day is a
 *   glitch, not new area), at most MAX_MOWING_M2_PER_HOUR over the interval;
 * - lifts: an aerial platform that starts lifting, a forklift that picks up a load (LOAD_PICKED_KG or more);
 * - energy: the advance of a charger's energyKwh counter over a continuous interval, at most MAX_CHARGER_KW over it
 *   (a counter that jumps, a replaced unit, is no energy delivered); cycles: the advance of a battery's cycles
 *   counter, at most one per MIN_CYCLE_HOURS since the last one credited (decision 062).
 * A report no later than the previous one folded (a machine's buffer sent late) adds nothing: the interval it
 * belongs to has been counted.
 */

export const ROLLUP_GAP_MS = 5 * 60_000;
export const LOAD_PICKED_KG = 50;
const HOUR_MS = 3_600_000;

export interface DayTotals {
  hoursWorked: number;
  hoursPowered: number;
  distanceKm: number;
  volumeM3: number;
  areaM2: number;
  lifts: number;
  energyKwh: number;
  cycles: number;
  reports: number;
}

export const emptyTotals = (): DayTotals => ({
  hoursWorked: 0,
  hoursPowered: 0,
  distanceKm: 0,
  volumeM3: 0,
  areaM2: 0,
  lifts: 0,
  energyKwh: 0,
  cycles: 0,
  reports: 0,
});

/** What the next report's deltas start from. */
export interface FoldState {
  t: number;
  /** Hour meter. */
  hours?: number;
  /** Working by the kind's own sign (pumping, spraying, charging, discharging) and its volume rate, m³/h. */
  active?: boolean;
  rate?: number;
  area?: number;
  lifting?: boolean;
  loaded?: boolean;
  energy?: number;
  cycles?: number;
  /** Cycles the time since the last credited one allows (under 1: the next cycle is not possible yet). */
  cycleRoom?: number;
}

/** Where a fold adds: a machine's totals of one day. */
export type AddTo = (day: string) => DayTotals;

export function stateOf(t: number, data: KindData): FoldState {
  switch (data.kind) {
    case 'aerialPlatform':
      return { t, hours: data.workingHours, lifting: data.lifting };
    case 'concretePump':
      return { t, hours: data.engineHours, active: data.pumpStatus === 'pumping', rate: data.displacementM3h };
    case 'wetSprayer':
      return { t, hours: data.engineHours, active: data.spraying, rate: data.sprayRateM3h };
    case 'mower':
      return { t, hours: data.workingHours, area: data.areaTodayM2 };
    case 'boat':
      return { t, hours: data.engineHours };
    case 'forklift':
      return { t, hours: data.workingHours, loaded: data.loadKg >= LOAD_PICKED_KG };
    case 'battery':
      return { t, active: data.currentA < 0, cycles: data.cycles };
    case 'charger':
      return { t, active: data.state === 'charging', energy: data.energyKwh };
  }
}

const rise = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined ? 0 : Math.max(0, to - from);

/**
 * Fold one report into the days. Answers the state the next report starts from, or null when the report is not
 * later than the previous one (nothing added, the state stays).
 */
export function foldReport(
  prev: FoldState | null,
  t: number,
  data: KindData,
  clock: DayClock,
  add: AddTo,
): FoldState | null {
  const next = stateOf(t, data);
  if (prev && t <= prev.t) return null;
  const today = add(clock.dayOf(t));
  today.reports += 1;
  if (!prev) return next;

  const dt = t - prev.t;
  const continuous = dt <= ROLLUP_GAP_MS;
  const pieces = clock.split(prev.t, t);
  // The meter's advance, at most the elapsed time, spread over the interval's days by their share of it.
  const metered = Math.min(rise(prev.hours, next.hours), dt / HOUR_MS);
  for (const { day, ms } of pieces) {
    const totals = add(day);
    const hours = ms / HOUR_MS;
    if (continuous) totals.hoursPowered += hours;
    if (next.hours !== undefined) totals.hoursWorked += metered * (ms / dt);
    else if (continuous && prev.active) totals.hoursWorked += hours;
    if (continuous && prev.active && prev.rate !== undefined) totals.volumeM3 += prev.rate * hours;
  }
  if (next.area !== undefined) {
    // The day's counter starts again at 0: a fall into a new day is all new area, a fall the same day a glitch.
    const newDay = clock.dayOf(prev.t) !== clock.dayOf(t);
    const mowed = prev.area !== undefined && next.area >= prev.area ? next.area - prev.area : newDay ? next.area : 0;
    today.areaM2 += Math.min(mowed, (MAX_MOWING_M2_PER_HOUR * dt) / HOUR_MS);
  }
  if (next.lifting && prev.lifting === false) today.lifts += 1;
  if (next.loaded && prev.loaded === false) today.lifts += 1;
  if (continuous) today.energyKwh += Math.min(rise(prev.energy, next.energy), (MAX_CHARGER_KW * dt) / HOUR_MS);
  if (next.cycles !== undefined) {
    const room = Math.min(1, prev.cycleRoom ?? 1) + dt / HOUR_MS / MIN_CYCLE_HOURS;
    const cycles = Math.min(rise(prev.cycles, next.cycles), Math.floor(room));
    today.cycles += cycles;
    next.cycleRoom = room - cycles;
  }
  return next;
}

/** The last position folded. */
export interface PositionState {
  t: number;
  lat: number;
  lng: number;
  speed: number;
}

const EARTH_KM = 6371;
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** GPS error allowed on top of the fastest travel between two fixes. */
const FIX_ERROR_KM = 0.05;

/**
 * Fold one position into the days: the straight line from the previous position, added to the day of the new one,
 * unless the machine stood still at both (jitter of a parked fix is not travel) or the line is longer than the
 * fastest a machine moves in that time (a bad fix: the cursor moves on, the distance is not counted).
 */
export function foldPosition(
  prev: PositionState | null,
  next: PositionState,
  clock: DayClock,
  add: AddTo,
): PositionState | null {
  if (prev && next.t <= prev.t) return null;
  if (!prev) return next;
  if (prev.speed === 0 && next.speed === 0) return next;
  const km = distanceKm(prev, next);
  const fastest = (MAX_SPEED_KMH * (next.t - prev.t)) / HOUR_MS + FIX_ERROR_KM;
  if (km <= fastest) add(clock.dayOf(next.t)).distanceKm += km;
  return next;
}
