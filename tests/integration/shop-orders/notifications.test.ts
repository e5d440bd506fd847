import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_TIMEOUT_MS } from '@console/contract/codes/shop-orders';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import {
  MERCHANT_HEADER,
  PAY_SIGNATURE_HEADER,
  PAY_TIMESTAMP_HEADER,
  DEV_PAYGATE_MERCHANT,
  DEV_PAYGATE_SECRET,
  signPayload,
} from '@console/contract/shop/paygate-protocol';
import { payments, shopOrderEvents, shopOrders } from '@console/db/schema/shop-orders';
import { PAYGATE_NOTIFY_PATH } from '@console/server/src/shop/paygate-client';
import { shopFixture, type ShopFixture } from './helpers.ts';

/**
 * The provider's notifications as a network and an attacker deliver them (decision 050): forged, with another
 * amount, repeated, late; and a payment nobody answers for, found by the server's query.
 */
describe('shop orders: payment notifications and queries', () => {
  let f: ShopFixture;
  beforeAll(async () => {
    f = await shopFixture();
  });
  afterAll(() => f.close());

  /** A fresh order of the customer, charging at the provider: its id and the provider's payment id. */
  const charging = async () => {
    const parts = await f.productOf('parts', f.tokens.customer, 'Zhongji Machinery Cloud Co., Ltd.');
    const { data } = await f.t.call(shopOrderEndpoints.create, { token: f.tokens.customer, body: f.form(parts.id) });
    const paying = await f.t.call(shopOrderEndpoints.pay, { token: f.tokens.customer, body: { id: data.order.id } });
    expect(paying.status, paying.message).toBe('200');
    return {
      id: data.order.id,
      paymentId: paying.data.payUrl.split('/pay/')[1]!.split('?')[0]!,
      pay: data.order.payCents,
    };
  };
  const events = async (id: number) =>
    (await f.t.dbh.db.select().from(shopOrderEvents).where(eq(shopOrderEvents.orderId, id)).all()).map((e) => e.event);
  const deliveriesOf = (paymentId: string) => f.paygate.deliveries.filter((d) => d.paymentId === paymentId);

  it('a forged notification (another secret) is refused and changes nothing', async () => {
    const { id, paymentId } = await charging();
    const sent = await f.control(`/control/payments/${paymentId}/notify`, { state: 'paid', forged: true });
    expect(sent.status).toBe(200);
    await f.settled();
    expect(deliveriesOf(paymentId).map((d) => d.status)).toEqual([401]);
    expect((await f.order(id)).order.state).toBe('charging');
    // Nor does an unsigned one, or one altered after signing.
    const body = JSON.stringify({
      eventId: 'Nforged0001',
      paymentId,
      reference: 'x',
      amountCents: 1,
      state: 'paid',
      at: Date.now(),
    });
    const timestamp = String(Date.now());
    const altered = await f.t.app.request(PAYGATE_NOTIFY_PATH, {
      method: 'POST',
      headers: {
        [MERCHANT_HEADER]: DEV_PAYGATE_MERCHANT,
        [PAY_TIMESTAMP_HEADER]: timestamp,
        [PAY_SIGNATURE_HEADER]: signPayload(
          DEV_PAYGATE_SECRET,
          timestamp,
          body.replace('"amountCents":1', '"amountCents":2'),
        ),
      },
      body,
    });
    expect(altered.status).toBe(401);
    expect((await f.order(id)).order.state).toBe('charging');
  });

  it('a signed "paid" of another amount makes the order abnormal, not paid', async () => {
    const { id, paymentId, pay } = await charging();
    await f.control(`/control/payments/${paymentId}/notify`, { state: 'paid', amountCents: pay - 1 });
    await f.untilState(id, 'abnormal');
    const { order, events: timeline } = await f.order(id);
    expect(order.paidCents).toBeNull();
    expect(timeline.at(-1)!.text).toContain(((pay - 1) / 100).toFixed(2));
    const payment = (await f.t.dbh.db.select().from(payments).where(eq(payments.providerPaymentId, paymentId)).get())!;
    expect(payment.state).toBe('abnormal');
    // The seller closes the abnormal order; the buyer cannot.
    const byBuyer = await f.t.call(shopOrderEndpoints.cancel, { token: f.tokens.customer, body: { id, reason: 'x' } });
    expect(byBuyer.status).toBe('409');
    const bySeller = await f.t.call(shopOrderEndpoints.cancel, {
      token: f.tokens.finance,
      body: { id, reason: 'Refunded by transfer' },
    });
    expect(bySeller.data.order.state).toBe('cancelled');
  });

  it('a notification sent twice (and repeated later) is applied once', async () => {
    await f.control('/control/steer', { deliveries: 2 });
    try {
      const { id, paymentId } = await charging();
      await f.control(`/control/payments/${paymentId}/act`, { action: 'pay' });
      await f.untilState(id, 'paid');
      await f.settled();
      await f.control(`/control/payments/${paymentId}/repeat?event=0`, {});
      await f.settled();
      const statuses = deliveriesOf(paymentId).map((d) => d.status);
      expect(statuses).toEqual([200, 200, 200]);
      expect((await events(id)).filter((e) => e === 'paid')).toHaveLength(1);
      expect((await f.order(id)).order.state).toBe('paid');
    } finally {
      await f.control('/control/steer', { deliveries: 1 });
    }
  });

  it('notifications out of order: the payer pays, the newer event arrives first, the older changes nothing', async () => {
    await f.control('/control/steer', { hold: true });
    try {
      const { id, paymentId } = await charging();
      await f.control(`/control/payments/${paymentId}/act`, { action: 'pay' });
      // A "cancelled" for the same payment, sent after the "paid" but delivered before it (held and reversed).
      await f.control(`/control/payments/${paymentId}/notify`, { state: 'cancelled' });
      await f.control('/control/steer', { hold: false });
      expect((await f.control('/control/release', { order: 'reverse' })).body.released).toBe(2);
      await f.settled();
      // The first delivered ("cancelled") applied; the late "paid" came for a payment already given up.
      const { order } = await f.order(id);
      expect(order.state).toBe('unpaid');
      expect((await events(id)).slice(-2)).toEqual(['unpaid', 'ignored']);
    } finally {
      await f.control('/control/steer', { hold: false });
    }
  });

  it('a payment left charging past its time is queried and closed: the order fails; a late "paid" after the close changes nothing', async () => {
    const { id, paymentId } = await charging();
    // Its time has passed (the payment was opened longer ago than the timeout).
    await f.t.dbh.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - PAYMENT_TIMEOUT_MS - 1000) })
      .where(eq(payments.providerPaymentId, paymentId))
      .run();
    const checked = await f.t.call(shopOrderEndpoints.checkPayment, { token: f.tokens.customer, body: { id } });
    expect(checked.status, checked.message).toBe('200');
    expect(checked.data.order.state).toBe('failed');
    const provider = await f.control('/control/payments');
    expect(
      (provider.body as unknown as { paymentId: string; state: string }[]).find((p) => p.paymentId === paymentId)!
        .state,
    ).toBe('closed');
    await f.settled();
    // A "paid" after "closed" (out of order): recorded, nothing changes.
    await f.control(`/control/payments/${paymentId}/notify`, { state: 'paid' });
    await f.settled();
    expect((await f.order(id)).order.state).toBe('failed');
    expect(await events(id)).toContain('ignored');
    expect((await events(id)).filter((e) => e === 'paid')).toHaveLength(0);
  });

  it('within its time a waiting payment is only noted; a payment the provider does not know turns abnormal', async () => {
    const { id } = await charging();
    const waiting = await f.t.call(shopOrderEndpoints.checkPayment, { token: f.tokens.customer, body: { id } });
    expect(waiting.data.order.state).toBe('charging');
    expect((await events(id)).at(-1)).toBe('query');
    // The seeded charging order's payment was never opened at this provider.
    const seeded = (await f.t.dbh.db.select().from(shopOrders).where(eq(shopOrders.state, 'charging')).all()).find(
      (o) => o.id !== id,
    )!;
    const unknown = await f.t.call(shopOrderEndpoints.checkPayment, {
      token: f.tokens.lessorAdmin,
      body: { id: seeded.id },
    });
    expect(unknown.status, unknown.message).toBe('200');
    expect(unknown.data.order.state).toBe('abnormal');
  });

  it('the provider refuses a payment: the order fails, saying so on its timeline', async () => {
    await f.control('/control/steer', { refuseNext: true });
    const { id, paymentId } = await charging();
    await f.control(`/control/payments/${paymentId}/act`, { action: 'pay' });
    await f.untilState(id, 'failed');
    expect((await f.order(id)).events.at(-1)!.text).toContain('refused');
  });
});
