import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { couponReceipts } from '@console/db/schema/coupons';
import { payments, shopOrders } from '@console/db/schema/shop-orders';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { invoiceForm } from '../invoices/helpers.ts';
import { shopFixture, type ShopFixture } from './helpers.ts';

/**
 * Every paid order has a way back (docs/decisions/061-shop-order-fulfilment.md): the seller, or the buyer before it
 * ships, cancels it and the payment provider refunds it in full; the coupon comes back. A payment the provider has no
 * record of makes the order abnormal, which the seller then closes.
 */
describe('shop orders: cancelling a paid order refunds it through the provider', () => {
  let f: ShopFixture;
  beforeAll(async () => {
    f = await shopFixture();
  });
  afterAll(() => f.close());

  const providerIdOf = (payUrl: string) => payUrl.split('/pay/')[1]!.split('?')[0]!;
  /** Huadong's terminal bought by its customer with the terminal coupon, paid at the provider. */
  const paidWithCoupon = async () => {
    const terminal = await f.productOf(
      'terminal',
      f.tokens.customer,
      'Huadong Aerial Work Equipment Leasing Co., Ltd.',
    );
    const catalog = await f.t.call(shopOrderEndpoints.catalog, { token: f.tokens.customer });
    const coupon = catalog.data.coupons.find((c) => c.category === 'terminal');
    const { data } = await f.t.call(shopOrderEndpoints.create, {
      token: f.tokens.customer,
      body: f.form(terminal.id, { couponReceiptId: coupon?.receiptId ?? null }),
    });
    const paying = await f.t.call(shopOrderEndpoints.pay, { token: f.tokens.customer, body: { id: data.order.id } });
    const providerId = providerIdOf(paying.data.payUrl);
    await f.control(`/control/payments/${providerId}/act`, { action: 'pay' });
    await f.untilState(data.order.id, 'paid');
    return { id: data.order.id, providerId, receiptId: coupon?.receiptId ?? null };
  };
  const refund = (id: number, token = f.tokens.customer, reason = 'Bought the wrong model') =>
    f.t.call(shopOrderEndpoints.refund, { token, body: { id, reason } });
  const providerState = async (providerId: string) =>
    ((await f.control('/control/payments')).body as unknown as { paymentId: string; state: string }[]).find(
      (p) => p.paymentId === providerId,
    )?.state;

  it('the buyer cancels a paid order before shipment: refunded at the provider, the coupon back, on the timeline', async () => {
    const order = await paidWithCoupon();
    expect(order.receiptId).not.toBeNull();
    // Shown as the buyer's move while paid.
    expect((await f.order(order.id)).order.actions).toContain('refund');
    const answer = await refund(order.id);
    expect(answer.status, answer.message).toBe('200');
    expect(answer.message).toBe('The order is cancelled and 580.00 refunded through the payment provider');
    expect(answer.data.order.state).toBe('cancelled');
    expect(await providerState(order.providerId)).toBe('refunded');
    const payment = (await f.t.dbh.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, order.providerId))
      .get())!;
    expect(payment.state).toBe('refunded');
    const receipt = (await f.t.dbh.db
      .select()
      .from(couponReceipts)
      .where(eq(couponReceipts.id, order.receiptId!))
      .get())!;
    expect(receipt.usedAt).toBeNull();
    const { events } = await f.order(order.id);
    expect(events.at(-1)!.text).toBe(
      `Cancelled and 580.00 refunded through the provider (payment ${order.providerId}): Bought the wrong model`,
    );
    // Once is all.
    expect((await refund(order.id)).status).toBe('409');
  });

  it('the seller refunds a paid order; the buyer may not once it ships; a reader may not at all', async () => {
    const first = await paidWithCoupon();
    expect((await refund(first.id, f.tokens.distributor)).status).toBe('403');
    const bySeller = await refund(first.id, f.tokens.lessorAdmin, 'Out of stock');
    expect(bySeller.status, bySeller.message).toBe('200');
    expect(await providerState(first.providerId)).toBe('refunded');

    const parts = await f.productOf('parts', f.tokens.customer, 'Huadong Aerial Work Equipment Leasing Co., Ltd.');
    const { data } = await f.t.call(shopOrderEndpoints.create, { token: f.tokens.customer, body: f.form(parts.id) });
    const paying = await f.t.call(shopOrderEndpoints.pay, { token: f.tokens.customer, body: { id: data.order.id } });
    await f.control(`/control/payments/${providerIdOf(paying.data.payUrl)}/act`, { action: 'pay' });
    await f.untilState(data.order.id, 'paid');
    const shipped = await f.t.call(shopOrderEndpoints.ship, {
      token: f.tokens.lessorAdmin,
      body: { id: data.order.id, courierNumber: 'SF1234567890', serials: '' },
    });
    expect(shipped.status).toBe('200');
    expect((await f.order(data.order.id)).order.actions).not.toContain('refund');
    expect((await refund(data.order.id)).status).toBe('409');
    expect(await providerState(providerIdOf(paying.data.payUrl))).toBe('paid');
  });

  it('an order asked to be invoiced is not refunded until the invoice is withdrawn', async () => {
    const order = await paidWithCoupon();
    const asked = await f.t.call(invoiceEndpoints.request, {
      token: f.tokens.customer,
      body: invoiceForm([{ source: 'shop', id: order.id }]),
    });
    expect(asked.status, asked.message).toBe('200');
    const refused = await refund(order.id);
    expect(refused.status).toBe('409');
    expect(refused.message).toBe('An invoice is asked for or issued on this order: withdraw it before refunding');
    expect(await providerState(order.providerId)).toBe('paid');
    expect((await f.order(order.id)).order.state).toBe('paid');
  });

  it('a paid order whose payment the provider has no record of turns abnormal, and the seller closes it', async () => {
    // The seed's paid orders were paid before this provider started: it knows none of them.
    const seeded = (await f.t.dbh.db
      .select()
      .from(shopOrders)
      .where(and(eq(shopOrders.state, 'paid'), eq(shopOrders.category, 'service')))
      .get())!;
    const seller = (await rowOf<{ orgId: number }>(
      f.t.dbh.db,
      'SELECT org_id AS "orgId" FROM users WHERE id = ?',
      await f.t.userId(3),
    ))!;
    expect(seeded.sellerOrgId).toBe(seller.orgId);
    const answer = await refund(seeded.id, f.tokens.finance);
    expect(answer.status, answer.message).toBe('200');
    expect(answer.message).toContain('The payment provider has no record of this payment');
    expect(answer.data.order.state).toBe('abnormal');
    expect(answer.data.order.actions).toContain('cancel');
    const closed = await f.t.call(shopOrderEndpoints.cancel, {
      token: f.tokens.finance,
      body: { id: seeded.id, reason: 'Refunded by bank transfer' },
    });
    expect(closed.data.order.state).toBe('cancelled');
  });
});
