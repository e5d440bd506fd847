import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { controllerEndpoints } from '@console/contract/http/peripherals';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { couponReceipts } from '@console/db/schema/coupons';
import { devices } from '@console/db/schema/devices';
import { controllers } from '@console/db/schema/peripherals';
import { shopOrders } from '@console/db/schema/shop-orders';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { shopFixture, type ShopFixture } from './helpers.ts';

/**
 * Shipping checks each serial against the seller's registry of the product's kind (spec sections 5 and 8,
 * docs/decisions/061-shop-order-fulfilment.md): a terminal is a spare terminal of the controller registry, an IoT card a
 * spare SIM card; a machine's serial is never a terminal. Any refusal is "delivery failed, retry" naming the serial and
 * why, and nothing changes; once shipped, the items are the buyer's. Checkout uses a coupon once.
 */
describe('shop orders: shipping serials and coupons at checkout', () => {
  let f: ShopFixture;
  let huadong: number;
  let operatorAdmin: string;
  beforeAll(async () => {
    f = await shopFixture();
    huadong = (await rowOf<{ id: number }>(
      f.t.dbh.db,
      "SELECT id FROM organisations WHERE name = 'Huadong Aerial Leasing'",
    ))!.id;
    operatorAdmin = await f.t.tokenFor(ROLE.companyAdmin);
  });
  afterAll(() => f.close());

  /** An order of `buyer` for `quantity` of a product, paid at the provider. */
  const paidOrder = async (productId: number, quantity: number, buyer = f.tokens.customer) => {
    const { data } = await f.t.call(shopOrderEndpoints.create, { token: buyer, body: f.form(productId, { quantity }) });
    const paying = await f.t.call(shopOrderEndpoints.pay, { token: buyer, body: { id: data.order.id } });
    await f.control(`/control/payments/${paying.data.payUrl.split('/pay/')[1]!.split('?')[0]}/act`, { action: 'pay' });
    await f.untilState(data.order.id, 'paid', buyer);
    return data.order.id;
  };
  /** A paid terminal order of Huadong's customer for `quantity` terminals. */
  const paidTerminal = async (quantity: number) =>
    paidOrder(
      (await f.productOf('terminal', f.tokens.customer, 'Huadong Aerial Work Equipment Leasing Co., Ltd.')).id,
      quantity,
    );
  const stockMachines = (n: number) =>
    f.t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, huadong), isNull(devices.customerOrgId), eq(devices.leaseStatus, 'stock')))
      .orderBy(asc(devices.id))
      .limit(n)
      .all();
  /** A spare terminal registered in the controller registry by the token's organisation. */
  const spareTerminal = async (serialNumber: string, token = f.tokens.lessorAdmin) => {
    const created = await f.t.call(controllerEndpoints.create, { token, body: { serialNumber, model: 'ZK-C300' } });
    expect(created.status, created.message).toBe('200');
    return serialNumber;
  };
  const controllerOf = async (serial: string) =>
    (await f.t.dbh.db.select().from(controllers).where(eq(controllers.serialNumber, serial)).get())!;
  const ship = (id: number, serials: string, token = f.tokens.lessorAdmin) =>
    f.t.call(shopOrderEndpoints.ship, { token, body: { id, courierNumber: 'YT9876543210', serials } });

  it('refuses machines for terminals, and terminals that are unknown, fitted, repeated or another company’s; ships spare ones to the buyer', async () => {
    const id = await paidTerminal(2);
    const [lift1, lift2] = (await stockMachines(2)).map((d) => d.serialNumber);
    const a = await spareTerminal('T3HD-SPARE-0001');
    const b = await spareTerminal('T3HD-SPARE-0002');
    const fitted = (await f.t.dbh.db
      .select({ serial: controllers.serialNumber, deviceId: controllers.deviceId })
      .from(controllers)
      .where(and(eq(controllers.orgId, huadong), isNotNull(controllers.deviceId)))
      .get())!;
    const fittedTo = (await f.t.dbh.db.select().from(devices).where(eq(devices.id, fitted.deviceId!)).get())!
      .serialNumber;
    const foreign = (await f.t.dbh.db.select().from(controllers).where(ne(controllers.orgId, huadong)).get())!
      .serialNumber;
    const refusals: [string, string][] = [
      // The case: two lifts in stock entered for two terminals.
      [`${lift1},${lift2}`, `${lift1} is a machine, not a telematics terminal`],
      [`${a}`, 'the order holds 2 terminals but 1 serials were entered'],
      [`${a},${a}`, 'is entered twice'],
      [`${a},NO-SUCH-SERIAL`, 'no telematics terminal has the serial NO-SUCH-SERIAL'],
      [`${a},${fitted.serial}`, `terminal ${fitted.serial} is fitted to machine ${fittedTo}, not in stock`],
      [`${a},${foreign}`, `${foreign} is not the seller’s`],
    ];
    for (const [serials, reason] of refusals) {
      const refused = await ship(id, serials);
      expect(refused.status, serials).toBe('409');
      expect(refused.message).toContain('delivery failed, retry');
      expect(refused.message).toContain(reason);
    }
    expect((await f.order(id)).order.state).toBe('paid');
    for (const lift of [lift1, lift2]) {
      const machine = (await f.t.dbh.db.select().from(devices).where(eq(devices.serialNumber, lift!)).get())!;
      expect([machine.orgId, machine.customerOrgId, machine.leaseStatus]).toEqual([huadong, null, 'stock']);
    }
    // Comma-separated, spaces and a Chinese comma allowed.
    const shipped = await ship(id, ` ${a} ，${b} `);
    expect(shipped.status, shipped.message).toBe('200');
    expect(shipped.data.order.serials).toBe(`${a},${b}`);
    // The terminals left Huadong's stock: the buyer owns them.
    const buyerOrg = (await f.t.dbh.db.select().from(shopOrders).where(eq(shopOrders.id, id)).get())!.orgId;
    for (const serial of [a, b]) expect((await controllerOf(serial)).orgId).toBe(buyerOrg);
    // A terminal shipped is no longer the seller's to ship again.
    const again = await paidTerminal(1);
    expect((await ship(again, `${a}`)).message).toContain(`${a} is not the seller’s`);
  });

  it('a parts order ships without serials; a serial on it is refused', async () => {
    const parts = await f.productOf('parts', f.tokens.customer, 'Huadong Aerial Work Equipment Leasing Co., Ltd.');
    const id = await paidOrder(parts.id, 1);
    const withSerial = await ship(id, (await stockMachines(1))[0]!.serialNumber);
    expect(withSerial.message).toContain('Only telematics terminals and IoT cards ship with serials');
    // Another company's staff do not ship it.
    expect((await ship(id, '', f.tokens.finance)).status).toBe('403');
    expect((await ship(id, '')).status).toBe('200');
  });

  it('the operator, owning no machines, ships its IoT cards without serials and its terminals once registered', async () => {
    const sellerOf = async (category: string) => {
      const catalog = await f.t.call(shopOrderEndpoints.catalog, { token: f.tokens.lessorAdmin });
      return catalog.data.products.find(
        (p) => p.category === category && p.sellerName !== 'Huadong Aerial Work Equipment Leasing Co., Ltd.',
      )!;
    };
    const card = await sellerOf('connectivity');
    const cards = await paidOrder(card.id, 2, f.tokens.lessorAdmin);
    // A machine's serial is not a card; two ICCIDs or none.
    const [lift1, lift2] = (await stockMachines(2)).map((d) => d.serialNumber);
    expect((await ship(cards, `${lift1},${lift2}`, f.tokens.finance)).message).toContain(
      `${lift1} is a machine, not an IoT card`,
    );
    const one = await ship(cards, '89860000000000000001', f.tokens.finance);
    expect(one.message).toContain('the order holds 2 cards');
    const service = await ship(cards, '', f.tokens.finance);
    expect(service.status, service.message).toBe('200');

    const terminal = await sellerOf('terminal');
    const terminals = await paidOrder(terminal.id, 1, f.tokens.lessorAdmin);
    // The refusal, now saying what to do.
    const unknown = await ship(terminals, 'T3A2703001', f.tokens.finance);
    expect(unknown.message).toContain(
      'no telematics terminal has the serial T3A2703001 (register it under Controllers',
    );
    await spareTerminal('T3A2703001', operatorAdmin);
    const shipped = await ship(terminals, 'T3A2703001', f.tokens.finance);
    expect(shipped.status, shipped.message).toBe('200');
    expect((await controllerOf('T3A2703001')).orgId).toBe(huadong);
  });

  it('the same coupon at five checkouts at once is used by one order only', async () => {
    const terminal = await f.productOf(
      'terminal',
      f.tokens.customer,
      'Huadong Aerial Work Equipment Leasing Co., Ltd.',
    );
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
    const receipt = (await f.t.dbh.db
      .select()
      .from(couponReceipts)
      .where(eq(couponReceipts.id, coupon.receiptId))
      .get())!;
    expect(receipt.orderRef).toBe(placed[0]!.data.order.number);
  });
});
