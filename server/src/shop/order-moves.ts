import { and, eq } from 'drizzle-orm';
import {
  SHOP_ORDER_FLOW,
  shopOrderAllows,
  type ShopOrderAction,
  type ShopOrderState,
} from '@console/contract/codes/shop-orders';
import type { Db } from '@console/db/client';
import { couponReceipts } from '@console/db/schema/coupons';
import { shopOrderEvents, shopOrders } from '@console/db/schema/shop-orders';
import { conflict } from '../lib/errors.ts';

export type ShopOrderRecord = typeof shopOrders.$inferSelect;

/**
 * Move an order by an action of SHOP_ORDER_FLOW, recording it on the timeline, inside the caller's unit of work. The
 * update is conditional on the state read (`state = from`), so two moves at once cannot both pass.
 */
export async function moveOrder(
  tx: Db,
  order: ShopOrderRecord,
  action: ShopOrderAction,
  step: {
    actorId: number | null;
    details: Record<string, string | number>;
    now: number;
    set?: Partial<ShopOrderRecord>;
  },
): Promise<ShopOrderRecord> {
  if (!shopOrderAllows(action, order.state)) throw conflict();
  const to = nextState(action);
  const moved = await tx
    .update(shopOrders)
    .set({ ...step.set, state: to, updatedAt: new Date(step.now) })
    .where(and(eq(shopOrders.id, order.id), eq(shopOrders.state, order.state)))
    .returning()
    .get();
  if (!moved) throw conflict();
  await tx
    .insert(shopOrderEvents)
    .values({ orderId: order.id, event: action, actorId: step.actorId, details: step.details, at: new Date(step.now) })
    .run();
  // An order that will not be paid gives its coupon back (when it is still within its validity, it can be used again).
  if ((to === 'cancelled' || to === 'failed') && order.couponReceiptId !== null)
    await tx
      .update(couponReceipts)
      .set({ usedAt: null, discountCents: null, orderRef: '' })
      .where(and(eq(couponReceipts.id, order.couponReceiptId), eq(couponReceipts.orderRef, order.number)))
      .run();
  return moved;
}

const nextState = (action: ShopOrderAction): ShopOrderState => SHOP_ORDER_FLOW[action].to;

/** A timeline line that moved nothing (a late notification, a query that found the payment still waiting). */
export async function noteOrder(
  tx: Db,
  orderId: number,
  event: 'query' | 'ignored',
  details: Record<string, string | number>,
  now: number,
): Promise<void> {
  await tx
    .insert(shopOrderEvents)
    .values({ orderId, event, actorId: null, details, at: new Date(now) })
    .run();
}
