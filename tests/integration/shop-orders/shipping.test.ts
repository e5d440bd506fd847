import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { couponReceipts } from '@console/db/schema/coupons';
import { devices } from '@console/db/schema/devices';
import { shopOrders } from '@console/db/schema/shop-orders';
import { shopFixture, type ShopFixture } from './helpers.ts';

/**
 * Shipping a terminal checks each serial against the device registry (spec sections 5 and 8): "delivery failed,
 * retry" with the reason, nothing shipped; once shipped, the machines are the buyer's. Checkout uses a coupon once.
 */
describe('shop orders: shipping serials and coupons at checkout', () => {
  let f: ShopFixture;
  let huadong: number;
  beforeAll(async () => {
    f = await shopFixture();
    huadong = (
      f.t.dbh.sqlite.prepare("SELECT id FROM organisations WHERE name = 'Huadong Aerial Leasing'").get() as {
        id: number;
      }
    ).id;
  });
  afterAll(() => f.close());

  /** A paid terminal order of Huadong's customer for `quantity` machines. */
  const paidTerminal = async (quantity: number) => {
    const terminal = await f.productOf('terminal', f.tokens.customer, 'Huadong Aerial Leasing');
    const { data } = await f.t.call(shopOrderEndpoints.create, {
      token: f.tokens.customer,
      body: f.form(terminal.id, { quantity }),
    });
    const paying = await f.t.call(shopOrderEndpoints.pay, { token: f.tokens.customer, body: { id: data.order.id } });
    await f.control(`/control/payments/${paying.data.payUrl.split('/pay/')[1]!.split('?')[0]}/act`, { action: 'pay' });
    await f.untilState(data.order.id, 'paid');
    return data.order.id;
  };
  const stock = (n: number) =>
    f.t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, huadong), isNull(devices.customerOrgId), eq(devices.leaseStatus, 'stock')))
      .orderBy(asc(devices.id))
      .limit(n)
      .all();
  const ship = (id: number, serials: string, token = f.tokens.lessorAdmin) =>
    f.t.call(shopOrderEndpoints.ship, { token, body: { id, courierNumber: 'YT9876543210', serials } });

  it('refuses serials that are too few, repeated, unknown, leased or another company’s, and ships the right ones to the buyer', async () => {
    const id = await paidTerminal(2);
    const [a, b] = stock(2).map((d) => d.serialNumber);
    const leased = f.t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, huadong), eq(devices.leaseStatus, 'leased')))
      .get()!.serialNumber;
    const foreign = f.t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.orgId, huadong + 1))
      .get()!.serialNumber;
    const refusals: [string, string][] = [
      [`${a}`, 'the order holds 2 machines but 1 serials were entered'],
      [`${a},${a}`, 'is entered twice'],
      [`${a},NO-SUCH-SERIAL`, 'no machine has the serial NO-SUCH-SERIAL'],
      [`${a},${leased}`, `${leased} is not in the seller’s stock`],
      [`${a},${foreign}`, `${foreign} is not in the seller’s stock`],
    ];
    for (const [serials, reason] of refusals) {
      const refused = await ship(id, serials);
      expect(refused.status, serials).toBe('409');
      expect(refused.message).toContain('delivery failed, retry');
      expect(refused.message).toContain(reason);
    }
    expect((await f.order(id)).order.state).toBe('paid');
    // Comma-separated, spaces and a Chinese comma allowed.
    const shipped = await ship(id, ` ${a} ，${b} `);
    expect(shipped.status, shipped.message).toBe('200');
    expect(shipped.data.order.serials).toBe(`${a},${b}`);
    const buyerOrg = f.t.dbh.db.select().from(shopOrders).where(eq(shopOrders.id, id)).get()!.orgId;
    for (const serial of [a, b]) {
      const machine = f.t.dbh.db.select().from(devices).where(eq(devices.serialNumber, serial!)).get()!;
      expect(machine.customerOrgId).toBe(buyerOrg);
    }
    // The same machine cannot go out twice.
    const again = await paidTerminal(1);
    const twice = await ship(again, `${a}`);
    expect(twice.message).toContain(`${a} was already shipped with order`);
  });

  it('a parts order ships without serials; a serial on it is refused', async () => {
    const parts = await f.productOf('parts', f.tokens.customer, 'Huadong Aerial Leasing');
    const { data } = await f.t.call(shopOrderEndpoints.create, { token: f.tokens.customer, body: f.form(parts.id) });
    const paying = await f.t.call(shopOrderEndpoints.pay, { token: f.tokens.customer, body: { id: data.order.id } });
    await f.control(`/control/payments/${paying.data.payUrl.split('/pay/')[1]!.split('?')[0]}/act`, { action: 'pay' });
    await f.untilState(data.order.id, 'paid');
    const withSerial = await ship(data.order.id, stock(1)[0]!.serialNumber);
    expect(withSerial.message).toContain('Only machines (terminals)');
    // Another company's staff do not ship it.
    expect((await ship(data.order.id, '', f.tokens.finance)).status).toBe('403');
    expect((await ship(data.order.id, '')).status).toBe('200');
  });

  it('the same coupon at five checkouts at once is used by one order only', async () => {
    const terminal = await f.productOf('terminal', f.tokens.customer, 'Huadong Aerial Leasing');
    const catalog = await f.t.call(shopOrderEndpoints.catalog, { token: f.tokens.customer });
    const coupon = catalog.data.coupons.find((c) => c.category === 'terminal')!;
    expect(coupon).toBeDefined();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        f.t.call(shopOrderEndpoints.create, {
          token: f.tokens.customer,
          body: f.form(terminal.id, { couponReceiptId: coupon.receiptId }),
        }),
      ),
    );
    const placed = answers.filter((a) => a.status === '200');
    expect(placed).toHaveLength(1);
    expect(answers.filter((a) => a.message.includes('has been used'))).toHaveLength(4);
    expect(placed[0]!.data.order.discountCents).toBe(10_000);
    const receipt = f.t.dbh.db.select().from(couponReceipts).where(eq(couponReceipts.id, coupon.receiptId)).get()!;
    expect(receipt.orderRef).toBe(placed[0]!.data.order.number);
  });
});
