import { eq } from 'drizzle-orm';
import { SHOP_ORDER_FLOW, type ShopOrderActor, type ShopUserAction } from '@console/contract/codes/shop-orders';
import { SHOP_BUYERS, SHOP_SELLERS } from '@console/contract/access/shop-orders';
import { shopOrders } from '@console/db/schema/shop-orders';
import type { ScopedData } from '../../lib/data.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { ShopOrderRecord } from '../../shop/order-moves.ts';

/** Orders in scope: bought by an organisation in scope, sold by one, or bought by a customer the distributor serves. */
export const orderScope = (data: ScopedData) =>
  data.orgScope(shopOrders.orgId, shopOrders.sellerOrgId, shopOrders.distributorOrgId);

/** An order in scope, read inside the unit of work that changes it. */
export async function orderIn(data: ScopedData, id: number): Promise<ShopOrderRecord> {
  const order = await data.select().from(shopOrders, orderScope(data)).where(eq(shopOrders.id, id)).get();
  if (!order) throw notFound();
  return order;
}

/** What the user is to the order: its buyer's people, its seller's staff (the distributor and others only read). */
export function actorsOf(user: SessionUser, order: Pick<ShopOrderRecord, 'orgId' | 'sellerOrgId'>): ShopOrderActor[] {
  const actors: ShopOrderActor[] = [];
  if (user.orgId === order.orgId && (SHOP_BUYERS as readonly number[]).includes(user.roleId)) actors.push('buyer');
  if (user.orgId === order.sellerOrgId && (SHOP_SELLERS as readonly number[]).includes(user.roleId))
    actors.push('seller');
  return actors;
}

/** Refuse unless the user may take the action as the actor the flow names (forbidden), in this state (conflict). */
export function assertMay(user: SessionUser, order: ShopOrderRecord, action: ShopUserAction): void {
  const rule = SHOP_ORDER_FLOW[action];
  if (!actorsOf(user, order).some((a) => (rule.by as readonly string[]).includes(a))) throw forbidden();
}
