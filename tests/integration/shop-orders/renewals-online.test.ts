import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { addMonthsToDay } from '@console/contract/http/upkeep';
import { renewalOrders } from '@console/db/schema/renewals';
import { withoutLockTasks } from '../risk/helpers.ts';
import { renewalFixture } from '../renewals/helpers.ts';
import { shopFixture, type ShopFixture } from './helpers.ts';
import { mapInOrder } from '@console/db/in-order';

/** A rental company pays its renewal order through the payment provider (decisions 044, 050). */
describe('renewals paid through the payment provider', () => {
  let f: ShopFixture;
  let r: Awaited<ReturnType<typeof renewalFixture>>;
  beforeAll(async () => {
    f = await shopFixture();
    await withoutLockTasks(f.t.dbh);
    r = await renewalFixture(f.t);
  });
  afterAll(() => f.close());

  const paymentIdOf = (payUrl: string) => payUrl.split('/pay/')[1]!.split('?')[0]!;
  const orderRow = async (id: number) =>
    (await f.t.dbh.db.select().from(renewalOrders).where(eq(renewalOrders.id, id)).get())!;

  it('three stopped machines renewed by the provider’s notification, the payment’s reference on the order', async () => {
    const ids = await mapInOrder([0, 1, 2], (skip) => r.machine(r.fleet.own, skip, { serviceExpiresAt: r.day(-4) }));
    const made = await f.t.call(renewalEndpoints.create, {
      token: r.admin,
      body: { kind: 'device', ids, months: 3 },
    });
    expect(made.status, made.message).toBe('200');
    const order = made.data.orders[0]!;
    expect(order).toMatchObject({ state: 'pending', payOnline: true, payUrl: '' });
    // The operator's finance records payments; it does not pay the company's order online.
    expect((await f.t.call(renewalEndpoints.payOnline, { token: r.finance, body: { id: order.id } })).status).toBe(
      '403',
    );
    const paying = await f.t.call(renewalEndpoints.payOnline, { token: r.admin, body: { id: order.id } });
    expect(paying.status, paying.message).toBe('200');
    expect(paying.data.order.payUrl).toBe(paying.data.payUrl);
    // One payment at a time.
    const twice = await f.t.call(renewalEndpoints.payOnline, { token: r.staff, body: { id: order.id } });
    expect(twice.message).toContain('already open');
    // Nothing renews before the money is notified.
    expect(await r.expiryOf(ids[0]!)).toBe(r.day(-4));
    await f.control(`/control/payments/${paymentIdOf(paying.data.payUrl)}/act`, { action: 'pay' });
    await f.settled();
    const settled = await orderRow(order.id);
    expect(settled).toMatchObject({
      state: 'renewed',
      paymentMethod: 'provider',
      paymentReference: paymentIdOf(paying.data.payUrl),
      settledBy: null,
    });
    for (const id of ids) expect(await r.expiryOf(id)).toBe(addMonthsToDay(r.day(-1), 3));
  });

  it('a refused payment leaves the order waiting to be paid again', async () => {
    const id = await r.machine(r.fleet.own, 5, { serviceExpiresAt: r.day(2) });
    const made = await f.t.call(renewalEndpoints.create, {
      token: r.staff,
      body: { kind: 'device', ids: [id], months: 1 },
    });
    const order = made.data.orders[0]!;
    await f.control('/control/steer', { refuseNext: true });
    const paying = await f.t.call(renewalEndpoints.payOnline, { token: r.staff, body: { id: order.id } });
    await f.control(`/control/payments/${paymentIdOf(paying.data.payUrl)}/act`, { action: 'pay' });
    await f.settled();
    expect((await orderRow(order.id)).state).toBe('pending');
    expect(await r.expiryOf(id)).toBe(r.day(2));
    const again = await f.t.call(renewalEndpoints.payOnline, { token: r.staff, body: { id: order.id } });
    expect(again.status, again.message).toBe('200');
  });
});
