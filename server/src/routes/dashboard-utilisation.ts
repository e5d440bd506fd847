import { UTILISATION_DAYS, type Utilisation } from '@console/contract/http/dashboard';
import type { ScopedData } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';
import { hoursByDay, lastDaysOf, viewerZone } from './analysis/index.ts';

/**
 * The home's working hours per day: the work analysis's own figure (the daily-work rollup, decision 037) over the
 * last UTILISATION_DAYS days of the viewer's organisation's calendar, every machine in scope, so the home and the
 * data centre show the same hours and machines for the same day.
 */
export async function workingHoursByDay(
  data: ScopedData,
  user: SessionUser,
  now: number,
): Promise<Utilisation['days']> {
  const period = lastDaysOf(now, await viewerZone(data, user), UTILISATION_DAYS);
  return (await hoursByDay(data, period, {})).map((d) => ({
    date: d.date,
    hours: d.hoursWorked,
    machines: d.attended,
  }));
}
