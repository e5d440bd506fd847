import { and, isNotNull, sql } from 'drizzle-orm';
import { FEEDBACK_OF_ORDER } from '@console/contract/codes/work-order-flow';
import type { Scope, ScopedData } from '../../lib/data.ts';
import { feedback } from '@console/db/schema/feedback';
import { workOrders } from '@console/db/schema/work-orders';

/** FEEDBACK_STATUS of feedback turned into a work order, from the order's status (FEEDBACK_OF_ORDER). */
const cases = Object.entries(FEEDBACK_OF_ORDER).map(([order, status]) => sql`when ${Number(order)} then ${status}`);
const followed = sql<number>`(select case ${workOrders.status} ${sql.join(cases, sql` `)} else 1 end from ${workOrders} where ${workOrders.id} = ${feedback.workOrderId})`;

/**
 * The feedback a user sees: what their organisations sent (a customer), and what arrived for machines their
 * organisations own (the owning company's staff).
 */
export const visibleFeedback = (data: ScopedData): Scope => data.orgScope(feedback.orgId, feedback.reporterOrgId);

/**
 * Bring the feedback the user sees that was turned into work orders up to their orders' state; run before
 * every read (decision 019).
 */
export async function followWorkOrders(data: ScopedData): Promise<void> {
  await data.write((tx) =>
    tx
      .update(feedback)
      .set({ status: followed })
      .where(
        and(
          visibleFeedback(tx).sql,
          sql`${isNotNull(feedback.workOrderId)} and ${feedback.status} <> coalesce(${followed}, ${feedback.status})`,
        ),
      )
      .run(),
  );
}
