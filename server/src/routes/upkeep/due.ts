import {
  addDaysToDay,
  addMonthsToDay,
  daysBetween,
  DUE_SOON_DAYS,
  DUE_SOON_HOURS,
  INTERVAL_MONTHS,
  type UpkeepDue,
} from '@console/contract/http/upkeep';

export type PlanInterval = keyof typeof INTERVAL_MONTHS | 'hours';

/**
 * When a plan next comes due: for date plans the calendar day (`YYYY-MM-DD`, the same day for every viewer;
 * decision 026), for hours plans the working hours.
 */
export function nextDue(
  interval: PlanInterval,
  intervalHours: number | null,
  lastDoneDay: string,
  lastDoneHours: number,
): { nextDueAt: string | null; nextDueHours: number | null } {
  if (interval === 'hours') return { nextDueAt: null, nextDueHours: lastDoneHours + (intervalHours ?? 0) };
  return { nextDueAt: addMonthsToDay(lastDoneDay, INTERVAL_MONTHS[interval]), nextDueHours: null };
}

/** The last day a date plan counts as due soon rather than not due, seen on `today`. */
export const dueSoonUntil = (today: string) => addDaysToDay(today, DUE_SOON_DAYS);

/**
 * Where a plan stands on the viewer's `today`: overdue once its day has come (or the machine has worked its hours), due soon within
 * DUE_SOON_DAYS days (or DUE_SOON_HOURS working hours). `remaining` is whole days or hours left, negative when
 * overdue. The SQL filter of the list (dueCondition) is the twin of this; a test holds them together.
 */
export function dueState(
  plan: { nextDueAt: string | null; nextDueHours: number | null },
  workingHours: number,
  today: string,
): { due: UpkeepDue; remaining: number } {
  if (plan.nextDueHours !== null) {
    const left = plan.nextDueHours - workingHours;
    const due = left <= 0 ? 'overdue' : left <= DUE_SOON_HOURS ? 'dueSoon' : 'ok';
    return { due, remaining: Math.round(left * 10) / 10 };
  }
  const left = daysBetween(today, plan.nextDueAt ?? today);
  const due = left <= 0 ? 'overdue' : left <= DUE_SOON_DAYS ? 'dueSoon' : 'ok';
  return { due, remaining: left };
}
