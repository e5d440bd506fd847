import { eq } from 'drizzle-orm';
import { centsText } from '@console/contract/codes/lease-pricing';
import { shareCents } from '@console/contract/codes/products';
import { shopOrderAllows, splitSerials } from '@console/contract/codes/shop-orders';
import { API_STATUS } from '@console/contract/http/envelope';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { products } from '@console/db/schema/products';
import { distributorCredits, payments } from '@console/db/schema/shop-orders';
import { ApiError, conflict } from '../../lib/errors.ts';
import { route, type HandlerContext, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { checkPayment } from '../../shop/check-payment.ts';
import { moveOrder, type ShopOrderRecord } from '../../shop/order-moves.ts';
import { PaygateUnavailable } from '../../shop/paygate-client.ts';
import { refundOrder } from '../../shop/refund.ts';
import { handOver, itemsToShip, ShipmentRefused } from '../../shop/shipment.ts';
import { assertMay, orderIn } from './access.ts';
import { presentOrders } from './present.ts';

type Translate = HandlerContext<typeof shopOrderEndpoints.ship>['t'];

/** Spec section 8: a shipment that cannot go is "delivery failed, retry", saying why. */
const deliveryFailed = (t: Translate, refused: ShipmentRefused) =>
  new ApiError(API_STATUS.conflict, 'shopOrders.deliveryFailed', { reason: t(refused.key, refused.params) });

export const fulfilRoutes: RouteDef[] = [
  route(shopOrderEndpoints.cancel, async (ctx) => {
    const { data, user, body, deps, setMessage } = ctx;
    const order = await data.write(async (tx) => {
      const current = await orderIn(tx, body.id);
      assertMay(user, current, 'cancel');
      // The seller closes an abnormal order (its money is refunded apart); the buyer only one not paid.
      const asBuyer = current.orgId === user.orgId;
      if (current.state === 'abnormal' && asBuyer && current.sellerOrgId !== user.orgId) throw conflict();
      return moveOrder(tx.unscoped('alreadyScoped'), current, 'cancel', {
        actorId: user.id,
        now: deps.now(),
        details: { reason: body.reason },
      });
    });
    setMessage('shopOrders.cancelled');
    return { order: (await presentOrders(ctx, [order]))[0]! };
  }),

  route(shopOrderEndpoints.refund, async (ctx) => {
    const { data, user, body, deps, setMessage } = ctx;
    const order = await orderIn(data, body.id);
    assertMay(user, order, 'refund');
    const outcome = await refundOrder(deps, data, user, order, body.reason);
    if (outcome.state === 'abnormal') setMessage('shopOrders.refundUnknown');
    else setMessage('shopOrders.refunded', { amount: centsText(outcome.paidCents ?? outcome.payCents) });
    return { order: (await presentOrders(ctx, [outcome]))[0]! };
  }),

  route(shopOrderEndpoints.ship, async (ctx) => {
    const { data, user, body, deps, setMessage, t } = ctx;
    const serials = splitSerials(body.serials);
    const now = deps.now();
    const order = await data.write(async (tx) => {
      const current = await orderIn(tx, body.id);
      assertMay(user, current, 'ship');
      if (!shopOrderAllows('ship', current.state)) throw conflict();
      let shipment;
      try {
        shipment = await itemsToShip(tx, current, serials);
      } catch (error) {
        throw error instanceof ShipmentRefused ? deliveryFailed(t, error) : error;
      }
      await handOver(tx, current, shipment);
      return moveOrder(tx.unscoped('alreadyScoped'), current, 'ship', {
        actorId: user.id,
        now,
        details: { courier: body.courierNumber, serials: serials.join(', ') },
        set: { courierNumber: body.courierNumber, serials: serials.join(','), shippedAt: new Date(now) },
      });
    });
    setMessage('shopOrders.shipped');
    return { order: (await presentOrders(ctx, [order]))[0]! };
  }),

  route(shopOrderEndpoints.receive, async (ctx) => {
    const { data, user, body, deps, setMessage } = ctx;
    const now = deps.now();
    const order = await data.write(async (tx) => {
      const current = await orderIn(tx, body.id);
      assertMay(user, current, 'receive');
      return moveOrder(tx.unscoped('alreadyScoped'), current, 'receive', {
        actorId: user.id,
        now,
        details: {},
        set: { receivedAt: new Date(now) },
      });
    });
    setMessage('shopOrders.received');
    return { order: (await presentOrders(ctx, [order]))[0]! };
  }),

  route(shopOrderEndpoints.complete, async (ctx) => {
    const { data, user, body, deps, setMessage } = ctx;
    const now = deps.now();
    const order = await data.write(async (tx) => {
      const current = await orderIn(tx, body.id);
      assertMay(user, current, 'complete');
      // The buyer's distributor is credited its share of the product's plan, of the amount paid (decision 049).
      const plan = await tx
        .unscoped('alreadyScoped')
        .select({ shares: products.shares })
        .from(products)
        .where(eq(products.id, current.productId))
        .get();
      const share = plan?.shares.find((s) => s.distributorId === current.distributorOrgId);
      const creditCents = share ? shareCents(current.paidCents ?? current.payCents, share.basisPoints) : 0;
      const distributor = current.distributorOrgId
        ? ((await orgNames(tx, [current.distributorOrgId])).get(current.distributorOrgId) ?? '')
        : '';
      const moved = await moveOrder(tx.unscoped('alreadyScoped'), current, 'complete', {
        actorId: user.id,
        now,
        details: share && creditCents > 0 ? { creditCents, distributor } : {},
        set: { completedAt: new Date(now) },
      });
      if (share && creditCents > 0)
        await tx
          .insert(distributorCredits)
          .values({
            orgId: current.distributorOrgId!,
            orderId: current.id,
            basisPoints: share.basisPoints,
            amountCents: creditCents,
            creditedAt: new Date(now),
          })
          .run();
      return moved;
    });
    setMessage('shopOrders.completed');
    return { order: (await presentOrders(ctx, [order]))[0]! };
  }),

  route(shopOrderEndpoints.checkPayment, async (ctx) => {
    const { data, body, deps, setMessage, t } = ctx;
    const order = await orderIn(data, body.id);
    if (order.state !== 'charging' || order.paymentId === null) throw conflict();
    if ((await presentOrders(ctx, [order]))[0]!.canCheckPayment === false) throw conflict();
    const payment = (await data
      .unscoped('alreadyScoped')
      .select()
      .from(payments)
      .where(eq(payments.id, order.paymentId))
      .get())!;
    try {
      await checkPayment(deps, payment);
    } catch (error) {
      if (error instanceof PaygateUnavailable) throw new ApiError(API_STATUS.conflict, 'shopOrders.paymentUnavailable');
      throw error;
    }
    const now = await orderIn(data, body.id);
    setMessage('shopOrders.checked', { state: t(`shopOrders.payState.${stateWord(now.state)}`) });
    return { order: (await presentOrders(ctx, [now]))[0]! };
  }),
];

/** The payment's state as an order's state tells it, in the words of the payment states. */
function stateWord(state: ShopOrderRecord['state']): 'waiting' | 'paid' | 'cancelled' | 'closed' | 'unknown' {
  if (state === 'charging') return 'waiting';
  if (state === 'paid') return 'paid';
  if (state === 'unpaid') return 'cancelled';
  if (state === 'failed') return 'closed';
  return 'unknown';
}
