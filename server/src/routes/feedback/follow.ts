import { isNotNull, sql } from 'drizzle-orm';
import { FEEDBACK_OF_ORDER } from '@console/contract/codes/work-order-flow';
import type { Db } from '@console/db/client';
import { feedback } from '@console/db/schema/feedback';
import { workOrders } from '@console/db/schema/work-orders';

/** FEEDBACK_STATUS of feedback turned into a work order, from the order's status (FEEDBACK_OF_ORDER). */
const cases = Object.entries(FEEDBACK_OF_ORDER).map(([order, status]) => sql`when ${Number(order)} then ${status}`);
const followed = sql<number>`(select case ${workOrders.status} ${sql.join(cases, sql` `)} else 1 end from ${workOrders} where ${workOrders.id} = ${feedback.workOrderId})`;

/** Bring the feedback turned into work orders up to their orders' state; run before every read (decision 019). */
export function followWorkOrders(db: Db): void {
  db.update(feedback)
    .set({ status: followed })
    .where(sql`${isNotNull(feedback.workOrderId)} and ${feedback.status} <> coalesce(${followed}, ${feedback.status})`)
    .run();
}
