import { startOfDayInZone } from '../../lib/time.ts';
import {
  addMonthsToDay,
  DUE_SOON_DAYS,
  DUE_SOON_HOURS,
  INTERVAL_MONTHS,
  type UpkeepDue,
} from '@console/contract/http/upkeep';

export const DAY_MS = 24 * 3600 * 1000;
export type PlanInterval = keyof typeof INTERVAL_MONTHS | 'hours';

/**
 * When a plan next comes due: for date plans the start of the due day in the zone of the user who saved it (the
 * calendar is the user's), for hours plans the working hours.
 */
export function nextDue(
  interval: PlanInterval,
  intervalHours: number | null,
  lastDoneDay: string,
  lastDoneHours: number,
  timeZone: string,
): { nextDueAt: number | null; nextDueHours: number | null } {
  if (interval === 'hours') return { nextDueAt: null, nextDueHours: lastDoneHours + (intervalHours ?? 0) };
  return {
    nextDueAt: startOfDayInZone(addMonthsToDay(lastDoneDay, INTERVAL_MONTHS[interval]), timeZone),
    nextDueHours: null,
  };
}

/**
 * Where a plan stands: overdue once its day has come (or the machine has worked its hours), due soon within
 * DUE_SOON_DAYS days (or DUE_SOON_HOURS working hours). `remaining` is whole days or hours left, negative when
 * overdue. The SQL filter of the list (dueCondition) is the twin of this; a test holds them together.
 */
export function dueState(
  plan: { nextDueAt: number | null; nextDueHours: number | null },
  workingHours: number,
  now: number,
): { due: UpkeepDue; remaining: number } {
  if (plan.nextDueHours !== null) {
    const left = plan.nextDueHours - workingHours;
    const due = left <= 0 ? 'overdue' : left <= DUE_SOON_HOURS ? 'dueSoon' : 'ok';
    return { due, remaining: Math.round(left * 10) / 10 };
  }
  const left = (plan.nextDueAt ?? now) - now;
  const due = left <= 0 ? 'overdue' : left <= DUE_SOON_DAYS * DAY_MS ? 'dueSoon' : 'ok';
  return { due, remaining: Math.floor(left / DAY_MS) };
}
