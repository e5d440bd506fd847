import { hashText, type Rng } from '../random.ts';
import type { LocalTime } from './local-time.ts';

/** A crew's working hours at its site, in local time. */
export interface WorkSchedule {
  startHour: number;
  endHour: number;
  lunchStart: number;
  lunchEnd: number;
  /** Whether the crew also works Sundays. */
  sundays: boolean;
  /** Share of working days the machine is actually used. */
  utilisation: number;
}

/** A schedule for one machine: leased machines work most days; machines in stock stand in the yard. */
export function scheduleFor(rng: Rng, leased: boolean): WorkSchedule {
  const startHour = rng.pick([6.5, 7, 7, 7.5, 8]);
  return {
    startHour,
    endHour: rng.pick([17, 17.5, 18, 18, 18.5, 19]),
    lunchStart: 12,
    lunchEnd: rng.pick([12.75, 13, 13.5]),
    sundays: rng.chance(0.25),
    utilisation: leased ? rng.range(0.7, 0.95) : rng.range(0.03, 0.12),
  };
}

/**
 * Whether the machine is at work at this local time. Whether it is used on a given day is drawn from the day
 * itself (not from the machine's random stream), so it is the same however finely time is stepped.
 */
export function atWork(schedule: WorkSchedule, local: LocalTime, seed: number, serial: string): boolean {
  if (local.weekday === 0 && !schedule.sundays) return false;
  if (local.hour < schedule.startHour || local.hour >= schedule.endHour) return false;
  if (local.hour >= schedule.lunchStart && local.hour < schedule.lunchEnd) return false;
  return hashText(`${serial}:${local.day}`, seed) / 4294967296 < schedule.utilisation;
}

/** Between the end of the shift and the next start: when batteries charge and chargers work. */
export function offShift(schedule: WorkSchedule, local: LocalTime): boolean {
  return local.hour >= schedule.endHour || local.hour < schedule.startHour - 0.5;
}
