import { and, eq } from 'drizzle-orm';
import { centsText } from '@console/contract/codes/lease-pricing';
import { shopOrderAllows } from '@console/contract/codes/shop-orders';
import { API_STATUS } from '@console/contract/http/envelope';
import { invoiceItems } from '@console/db/schema/invoices';
import { payments, shopOrders } from '@console/db/schema/shop-orders';
import type { ScopedData } from '../lib/data.ts';
import type { AppDeps } from '../lib/deps.ts';
import { ApiError, conflict } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { paygateOf } from './check-payment.ts';
import { moveOrder, noteOrder, type ShopOrderRecord } from './order-moves.ts';
import { PaygateUnavailable, PaymentNotWaiting, PaymentUnknown } from './paygate-client.ts';

/**
 * Call off a paid order with its money back (SHOP_ORDER_FLOW `refund`, docs/decisions/061-shop-order-fulfilment.md):
 * the provider refunds the whole payment first (the slow call, outside the unit of work); then, in one unit of work,
 * the payment is `refunded` and the order cancelled with its coupon given back. A provider that cannot be reached
 * changes nothing (try again later); one with no record of the payment makes the order abnormal (the seller refunds it
 * outside the console and closes it). An order asked to be invoiced is not refunded until its invoice is withdrawn.
 */
export async function refundOrder(
  deps: AppDeps,
  data: ScopedData,
  user: SessionUser,
  order: ShopOrderRecord,
  reason: string,
): Promise<ShopOrderRecord> {
  if (!shopOrderAllows('refund', order.state) || order.paymentId === null) throw conflict();
  const invoiced = await data
    .unscoped('references')
    .select({ id: invoiceItems.id })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.source, 'shop'), eq(invoiceItems.sourceId, order.id), eq(invoiceItems.live, true)))
    .get();
  if (invoiced) throw new ApiError(API_STATUS.conflict, 'shopOrders.refundInvoiced');
  const payment = await data
    .unscoped('alreadyScoped')
    .select()
    .from(payments)
    .where(eq(payments.id, order.paymentId))
    .get();
  if (!payment || payment.state !== 'paid') throw conflict();
  let unknown = false;
  try {
    const view = await paygateOf(deps).refund(payment.providerPaymentId, { amountCents: payment.amountCents, reason });
    if (view.state !== 'refunded') throw new PaygateUnavailable(`refund answered ${view.state}`);
  } catch (error) {
    if (error instanceof PaymentUnknown) unknown = true;
    else if (error instanceof PaymentNotWaiting) throw new ApiError(API_STATUS.conflict, 'shopOrders.refundRefused');
    else if (error instanceof PaygateUnavailable)
      throw new ApiError(API_STATUS.conflict, 'shopOrders.paymentUnavailable');
    else throw error;
  }
  const now = deps.now();
  const reference = payment.providerPaymentId;
  return data.write(async (tx) => {
    // The order was read through the caller's scope; it is read again by id in this unit of work.
    const db = tx.unscoped('alreadyScoped');
    const current = (await db.select().from(shopOrders).where(eq(shopOrders.id, order.id)).get())!;
    if (unknown) {
      if (current.state !== 'paid') throw conflict();
      await db.update(payments).set({ state: 'abnormal' }).where(eq(payments.id, payment.id)).run();
      return moveOrder(db, current, 'abnormal', {
        actorId: null,
        now,
        details: { reference, reasonKey: 'shopOrders.abnormalRefundUnknown' },
      });
    }
    await db.update(payments).set({ state: 'refunded' }).where(eq(payments.id, payment.id)).run();
    // Shipped in the moment the provider took: the money is back all the same, and the timeline says so.
    if (current.state !== 'paid') {
      await noteOrder(db, current.id, 'ignored', { reference, state: 'refunded' }, now);
      return current;
    }
    return moveOrder(db, current, 'refund', {
      actorId: user.id,
      now,
      details: { reason, reference, amount: centsText(payment.amountCents) },
    });
  });
}
