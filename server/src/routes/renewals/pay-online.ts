import { and, count, eq } from 'drizzle-orm';
import { formatMoney } from '@console/contract/codes/money';
import { renewalAllows } from '@console/contract/codes/renewals';
import { API_STATUS } from '@console/contract/http/envelope';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { renewalOrders } from '@console/db/schema/renewals';
import { payments } from '@console/db/schema/shop-orders';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { paygateOf } from '../../shop/check-payment.ts';
import { paygateSettings } from '../../shop/paygate-client.ts';
import { currencyFormat } from '../../lib/currencies.ts';
import { presentOrders } from './orders.ts';
import { openPayments } from '../../renewals/open-payments.ts';

/**
 * A rental company pays its own pending renewal order through the mobile payment provider (decisions 044, 050): a
 * payment is opened (one at a time per order) and its pay page answered; the provider's signed notification settles
 * the order with `method: provider` (shop/payments.ts), nothing before.
 */
export const renewalPayOnlineRoutes: RouteDef[] = [
  route(renewalEndpoints.payOnline, async (ctx) => {
    const { data, user, body, deps, setMessage } = ctx;
    const orderNow = async () => {
      const order = await data
        .select()
        .from(renewalOrders, data.orgScope(renewalOrders.orgId))
        .where(eq(renewalOrders.id, body.id))
        .get();
      if (!order) throw notFound();
      if (order.orgId !== user.orgId) throw forbidden();
      if (!renewalAllows('pay', order.state)) throw conflict();
      if ((await openPayments(data, [order.id])).size > 0)
        throw new ApiError(API_STATUS.conflict, 'renewal.payingElsewhere');
      return order;
    };
    const order = await orderNow();
    const attempt =
      ((
        await data
          .select({ n: count() })
          .from(payments, data.orgScope(payments.orgId))
          .where(and(eq(payments.kind, 'renewal'), eq(payments.orderId, order.id)))
          .get()
      )?.n ?? 0) + 1;
    // The order's own currency, the one it was priced and shown in (its payer's brand's when it was made).
    const money = currencyFormat(deps, order.currency);
    let view;
    try {
      view = await paygateOf(deps).create({
        reference: `${order.number}-${attempt}`,
        amountCents: order.totalCents,
        currency: money.currency.code,
        subject: `${order.number} ${formatMoney(order.totalCents, money)}`,
        returnUrl: `${paygateSettings(deps.env).consoleUrl}/financeCenter/renewDevice?tab=orders`,
      });
    } catch (error) {
      deps.log('warn', `payment of ${order.number} not opened: ${(error as Error).message}`);
      throw new ApiError(API_STATUS.conflict, 'shopOrders.paymentUnavailable');
    }
    const now = deps.now();
    await data.write(async (tx) => {
      await orderNow();
      await tx
        .insert(payments)
        .values({
          orgId: order.orgId,
          kind: 'renewal',
          orderId: order.id,
          reference: view.reference,
          providerPaymentId: view.paymentId,
          amountCents: view.amountCents,
          payUrl: view.payUrl,
          createdBy: user.id,
          createdAt: new Date(now),
        })
        .run();
    });
    setMessage('renewal.payOpened');
    return { order: (await presentOrders(ctx, [order]))[0]!, payUrl: view.payUrl };
  }),
];
