import { eq } from 'drizzle-orm';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';
import { API_STATUS } from '@console/contract/http/envelope';
import {
  canAct,
  statusAllows,
  targetStatus,
  WO_STATUS,
  type WorkOrderAction,
} from '@console/contract/codes/work-order-flow';
import { ApiError, forbidden } from '../lib/errors.ts';
import type { ScopedData } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';
import { actingFor, visibleOrders } from './access.ts';

type Order = typeof workOrders.$inferSelect;

export interface Step {
  /** Columns the action sets besides the status. */
  values?: Partial<typeof workOrders.$inferInsert>;
  /** What the timeline row records. */
  details?: Record<string, unknown>;
  remark: string;
}

/** The refusal of an action the state machine does not allow from the order's status, in the user's words. */
export function refused(action: WorkOrderAction, order: Order): ApiError {
  return new ApiError(API_STATUS.conflict, 'workOrders.actionRefused', {
    number: order.number,
    status: `workOrders.status.${order.status}`,
    action: `workOrders.action.${action}`,
  });
}

/**
 * Take an action on one or many orders, all or none: every order must be visible ("not found"), allowed for
 * this user ("forbidden") and allowed from its status (409, naming the order) before anything changes. Each
 * order gets its new status and a timeline row in one transaction.
 */
export async function transition(
  data: ScopedData,
  user: SessionUser,
  action: WorkOrderAction,
  ids: number[],
  now: number,
  step: (order: Order) => Step,
  check?: (orders: Order[]) => unknown,
): Promise<{ ids: number[]; status: number }> {
  const orders = await visibleOrders(data, user, ids);
  const acting = await actingFor(data, user);
  for (const order of orders) {
    if (!statusAllows(action, order.status)) throw refused(action, order);
    if (!canAct(action, order, acting(order))) throw forbidden();
  }
  await check?.(orders);
  const at = new Date(now);
  let status: number = WO_STATUS.pending;
  await data.write(async (tx) => {
    for (const order of orders) {
      const { values = {}, details = {}, remark } = step(order);
      status = targetStatus(action, order.suspendedFrom);
      const suspendedFrom = action === 'suspend' ? order.status : action === 'resume' ? null : order.suspendedFrom;
      await tx
        .update(workOrders)
        .set({ ...values, status, suspendedFrom, updatedAt: at })
        .where(eq(workOrders.id, order.id))
        .run();
      await tx
        .insert(workOrderEvents)
        .values({
          workOrderId: order.id,
          action,
          userId: user.id,
          fromStatus: order.status,
          toStatus: status,
          remark,
          details,
          at,
        })
        .run();
    }
  });
  return { ids: orders.map((o) => o.id), status };
}
