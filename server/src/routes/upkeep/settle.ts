import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { dayInZone, startOfDayInZone } from '../../lib/time.ts';
import { nextDue } from './due.ts';

/**
 * A plan whose work order has been resolved is done: its last service becomes the day the order was resolved and
 * the working hours the machine had when the order was raised, and the plan is free to raise the next one. An
 * order closed without a repair (a duplicate, the customer withdrew) frees the plan and leaves its last service
 * as it was. Run before every read and change of plans, so what a user sees is exact (decision 019).
 */
export function settlePlans(db: Db, timeZone: string): void {
  const done = db
    .select({ plan: upkeepPlans, orderId: workOrders.id })
    .from(upkeepPlans)
    .innerJoin(workOrders, eq(workOrders.id, upkeepPlans.workOrderId))
    .where(and(isNotNull(upkeepPlans.workOrderId), eq(workOrders.status, WO_STATUS.resolved)))
    .all();
  for (const { plan, orderId } of done) {
    const last = db
      .select({ action: workOrderEvents.action, at: workOrderEvents.at })
      .from(workOrderEvents)
      .where(and(eq(workOrderEvents.workOrderId, orderId), eq(workOrderEvents.toStatus, WO_STATUS.resolved)))
      .orderBy(desc(workOrderEvents.at), desc(workOrderEvents.id))
      .get();
    const freed = { workOrderId: null, raisedHours: null };
    if (last?.action !== 'resolve') {
      db.update(upkeepPlans).set(freed).where(eq(upkeepPlans.id, plan.id)).run();
      continue;
    }
    const day = dayInZone(last.at, timeZone);
    const hours = plan.raisedHours ?? plan.lastDoneHours;
    const next = nextDue(plan.interval, plan.intervalHours, day, hours, timeZone);
    db.update(upkeepPlans)
      .set({
        ...freed,
        lastWorkOrderId: orderId,
        lastDoneAt: new Date(startOfDayInZone(day, timeZone)),
        lastDoneHours: hours,
        nextDueAt: next.nextDueAt === null ? null : new Date(next.nextDueAt),
        nextDueHours: next.nextDueHours,
      })
      .where(eq(upkeepPlans.id, plan.id))
      .run();
  }
}
