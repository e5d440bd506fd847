import { addMonthsToDay, INTERVAL_MONTHS } from '@console/contract/http/upkeep';
import type { Db } from '../client.ts';
import { upkeepPlans } from '../schema/upkeep.ts';
import type { DemoOrganisations } from './accounts.ts';
import { BUSINESSES, say } from './business.ts';
import { KIND_TEXTS } from './kind-texts.ts';
import { dayOf, maintenanceFleet } from './maintenance-fleet.ts';
import { forEachInOrder } from '../in-order.ts';

const DAY = 24 * 3600 * 1000;
const DATE_INTERVALS = ['3m', '6m', '12m'] as const;
/** Days until the next service of the date plans, by position: overdue, due soon, not due. */
const DAYS_LEFT = [-20, -3, 5, 12, 40, 90];
/** Working hours left of the hours plans: overdue, due soon, not due. */
const HOURS_LEFT = [-30, 20, 180];

/**
 * Upkeep plans of each rental company, what the machine's kind needs in the company's language: date plans whose last service puts them overdue, due soon and
 * not due, and hours plans measured against what each machine reports.
 */
export async function seedUpkeep(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const rows: (typeof upkeepPlans.$inferInsert)[] = [];
  await forEachInOrder(BUSINESSES, async ({ lang }, index) => {
    (await maintenanceFleet(db, orgs, index)).forEach((machine, i) => {
      const content = say(lang, KIND_TEXTS[machine.kind].upkeep);
      const base = { orgId: machine.orgId, deviceId: machine.id, createdAt: new Date(now - 200 * DAY) };
      if (i % 3 === 2) {
        const intervalHours = i % 2 ? 250 : 500;
        const lastDoneHours = Math.max(0, machine.workingHours + HOURS_LEFT[i % HOURS_LEFT.length]! - intervalHours);
        rows.push({
          ...base,
          interval: 'hours',
          intervalHours,
          content,
          lastDoneAt: dayOf(now - 60 * DAY),
          lastDoneHours,
          nextDueHours: lastDoneHours + intervalHours,
        });
        return;
      }
      const interval = DATE_INTERVALS[i % DATE_INTERVALS.length]!;
      const months = INTERVAL_MONTHS[interval];
      const lastDone = addMonthsToDay(dayOf(now + DAYS_LEFT[i % DAYS_LEFT.length]! * DAY), -months);
      rows.push({
        ...base,
        interval,
        content,
        lastDoneAt: lastDone,
        lastDoneHours: Math.max(0, machine.workingHours - 120),
        nextDueAt: addMonthsToDay(lastDone, months),
      });
    });
  });
  await db.insert(upkeepPlans).values(rows).run();
}
