import { isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { feedback } from '@console/db/schema/feedback';
import { workOrders } from '@console/db/schema/work-orders';

/**
 * FEEDBACK_STATUS of feedback turned into a work order, from the order's WORK_ORDER_STATUS: repaired (3) is
 * repaired (4), paid (4) is paid (5), resolved (5) is resolved (2); before the repair it stays pending (1).
 */
const followed = sql<number>`(select case ${workOrders.status} when 3 then 4 when 4 then 5 when 5 then 2 else 1 end from ${workOrders} where ${workOrders.id} = ${feedback.workOrderId})`;

/** Bring the feedback turned into work orders up to their orders' state; run before every read (decision 019). */
export function followWorkOrders(db: Db): void {
  db.update(feedback)
    .set({ status: followed })
    .where(sql`${isNotNull(feedback.workOrderId)} and ${feedback.status} <> coalesce(${followed}, ${feedback.status})`)
    .run();
}
