import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import { orgTimeZone } from '../../lib/org-day.ts';
import { dayInZone } from '../../lib/time.ts';
import { nextDue } from './due.ts';

/**
 * A plan whose work order has been resolved is done: its last service becomes the day the order was resolved and
 * the working hours the machine had when the order was raised, and the plan is free to raise the next one. An
 * order closed without a repair (a duplicate, the customer withdrew) frees the plan and leaves its last service
 * as it was. Run before every read and change of plans, so what a user sees is exact (decision 019).
 */
export async function settlePlans(data: ScopedData): Promise<void> {
  await data.write((tx) => settle(tx));
}

async function settle(db: ScopedWrite): Promise<void> {
  const done = await db
    .select({ plan: upkeepPlans, orderId: workOrders.id })
    .from(upkeepPlans, db.viaDevice(upkeepPlans.deviceId))
    .innerJoin(workOrders, eq(workOrders.id, upkeepPlans.workOrderId))
    .where(and(isNotNull(upkeepPlans.workOrderId), eq(workOrders.status, WO_STATUS.resolved)))
    .all();
  for (const { plan, orderId } of done) {
    // The order of a plan in scope.
    const last = await db
      .unscoped('alreadyScoped')
      .select({ action: workOrderEvents.action, at: workOrderEvents.at })
      .from(workOrderEvents)
      .where(and(eq(workOrderEvents.workOrderId, orderId), eq(workOrderEvents.toStatus, WO_STATUS.resolved)))
      .orderBy(desc(workOrderEvents.at), desc(workOrderEvents.id))
      .get();
    const freed = { workOrderId: null, raisedHours: null };
    if (last?.action !== 'resolve') {
      await db.update(upkeepPlans).set(freed).where(eq(upkeepPlans.id, plan.id)).run();
      continue;
    }
    // The day it was resolved in the machine's organisation's calendar, whoever's list settled it (decision 026).
    const day = dayInZone(last.at, await orgTimeZone(db.unscoped('alreadyScoped'), plan.orgId));
    const hours = plan.raisedHours ?? plan.lastDoneHours;
    const next = nextDue(plan.interval, plan.intervalHours, day, hours);
    await db
      .update(upkeepPlans)
      .set({
        ...freed,
        lastWorkOrderId: orderId,
        lastDoneAt: day,
        lastDoneHours: hours,
        ...next,
      })
      .where(eq(upkeepPlans.id, plan.id))
      .run();
  }
}
