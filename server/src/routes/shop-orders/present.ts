import { inArray } from 'drizzle-orm';
import { centsText } from '@console/contract/codes/lease-pricing';
import { SHOP_USER_ACTIONS, shopOrderAllows } from '@console/contract/codes/shop-orders';
import type { ShopOrderRow } from '@console/contract/http/shop-orders';
import { isMessageKey } from '@console/contract/messages/translate';
import { distributorCredits, payments, type shopOrderEvents } from '@console/db/schema/shop-orders';
import type { ScopedData } from '../../lib/data.ts';
import { userNames } from '../../lib/maintenance.ts';
import type { HandlerContext } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import type { ShopOrderRecord } from '../../shop/order-moves.ts';
import { actorsOf } from './access.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';

type Ctx = Pick<HandlerContext<never>, 'data' | 'user' | 'timeZone' | 't' | 'deps'> & { user: SessionUser };

const when = (at: Date | null, zone: string) => (at ? formatInZone(at, zone) : '');

/** The credits of these orders (the distributor's share), read as the order's own details. */
async function creditsOf(data: ScopedData, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, number>();
  return new Map(
    (
      await data
        .unscoped('alreadyScoped')
        .select({ orderId: distributorCredits.orderId, amountCents: distributorCredits.amountCents })
        .from(distributorCredits)
        .where(inArray(distributorCredits.orderId, orderIds))
        .all()
    ).map((c) => [c.orderId, c.amountCents]),
  );
}

/** Orders as the list, the drawer and every action's answer show them. */
export async function presentOrders(ctx: Ctx, orders: ShopOrderRecord[]): Promise<ShopOrderRow[]> {
  const { data, user, timeZone } = ctx;
  const orgs = await orgNames(
    data,
    orders.flatMap((o) => [o.orgId, o.sellerOrgId, o.distributorOrgId]),
  );
  const buyers = await userNames(
    data,
    orders.map((o) => o.buyerId),
  );
  const paymentIds = orders.map((o) => o.paymentId).filter((id): id is number => id !== null);
  const references = new Map(
    paymentIds.length === 0
      ? []
      : (
          await data
            .unscoped('alreadyScoped')
            .select({ id: payments.id, reference: payments.providerPaymentId })
            .from(payments)
            .where(inArray(payments.id, paymentIds))
            .all()
        ).map((p) => [p.id, p.reference]),
  );
  const credits = await creditsOf(
    data,
    orders.map((o) => o.id),
  );
  // The buyer pays in its brand's currency (the checkout's, as its invoice records it; decision 064).
  const moneyOf = await moneyOfOrgs(ctx.deps, data.unscoped('alreadyScoped'));
  return orders.map((o) => {
    const actors = actorsOf(user, o);
    return {
      id: o.id,
      number: o.number,
      state: o.state,
      buyerName: buyers.get(o.buyerId) ?? '',
      buyerOrgName: orgs.get(o.orgId) ?? '',
      sellerName: orgs.get(o.sellerOrgId) ?? '',
      productId: o.productId,
      productName: o.productName,
      category: o.category,
      spec: o.spec,
      unitCents: o.unitCents,
      quantity: o.quantity,
      amountCents: o.amountCents,
      discountCents: o.discountCents,
      payCents: o.payCents,
      paidCents: o.paidCents,
      paidAt: when(o.paidAt, timeZone),
      paymentReference: o.paymentId ? (references.get(o.paymentId) ?? '') : '',
      receiver: o.receiver,
      receiverPhone: o.receiverPhone,
      address: o.address,
      courierNumber: o.courierNumber,
      serials: o.serials,
      shippedAt: when(o.shippedAt, timeZone),
      receivedAt: when(o.receivedAt, timeZone),
      completedAt: when(o.completedAt, timeZone),
      createdAt: when(o.createdAt, timeZone),
      distributorName: o.distributorOrgId ? (orgs.get(o.distributorOrgId) ?? '') : '',
      creditCents: credits.get(o.id) ?? null,
      actions: SHOP_USER_ACTIONS.filter((a) => actors.some((actor) => shopOrderAllows(a, o.state, actor))),
      canCheckPayment: o.state === 'charging' && actors.length > 0,
      money: moneyOf(o.orgId),
    };
  });
}

type EventRecord = typeof shopOrderEvents.$inferSelect;

/** A timeline line in the reader's language: its details are message parameters (a payment state is translated). */
export function eventText(t: Ctx['t'], event: EventRecord): string {
  const params: Record<string, string | number> = { ...event.details };
  if (typeof params.state === 'string') {
    const key = `shopOrders.payState.${params.state}`;
    params.state = isMessageKey(key) ? t(key) : params.state;
  }
  if (typeof params.reasonKey === 'string' && isMessageKey(params.reasonKey))
    params.reason = t(params.reasonKey, params);
  if (event.event === 'ship') params.serials = params.serials ? ` (${params.serials})` : '';
  if (event.event === 'complete')
    params.credit =
      typeof params.creditCents === 'number'
        ? t('shopOrders.event.credit', {
            distributor: String(params.distributor ?? ''),
            amount: centsText(params.creditCents),
          })
        : '';
  const key = event.event === 'create' && params.coupon ? 'shopOrders.event.coupon' : `shopOrders.event.${event.event}`;
  return isMessageKey(key) ? t(key, params) : event.event;
}

export async function presentEvents(ctx: Ctx, events: EventRecord[]) {
  const names = await userNames(
    ctx.data,
    events.map((e) => e.actorId),
  );
  return events.map((e) => ({
    id: e.id,
    event: e.event,
    actorName: e.actorId ? (names.get(e.actorId) ?? '') : '',
    text: eventText(ctx.t, e),
    at: formatInZone(e.at, ctx.timeZone),
  }));
}
