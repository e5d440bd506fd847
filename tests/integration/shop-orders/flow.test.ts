import { CNY, formatMoney } from '@console/contract/codes/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInModelImage } from '@console/contract/http/device-models';
import { productEndpoints } from '@console/contract/http/products';
import { shopOrderEndpoints } from '@console/contract/http/shop-orders';
import { couponReceipts } from '@console/db/schema/coupons';
import { distributorCredits, payments } from '@console/db/schema/shop-orders';
import { INVOICEABLE_SOURCES } from '@console/server/src/routes/invoices/sources';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { shopFixture, type ShopFixture } from './helpers.ts';

/** A shop order through every move as its people make them, and what each refuses (decision 050). */
describe('shop orders: checkout, payment, shipping, receipt and completion', () => {
  let f: ShopFixture;
  beforeAll(async () => {
    f = await shopFixture();
  });
  afterAll(() => f.close());

  it('a customer buys with a coupon, pays at the provider, and the order is paid, shipped, received and completed', async () => {
    const { t, tokens } = f;
    const connectivity = await f.productOf('connectivity', tokens.customer, 'Zhongji Machinery Cloud Co., Ltd.');
    const catalog = await t.call(shopOrderEndpoints.catalog, { token: tokens.customer });
    const coupon = catalog.data.coupons.find((c) => c.category === 'connectivity' && c.discountTenths === 85)!;
    expect(coupon, 'the customer holds the 8.5 discount on connectivity').toBeDefined();

    const created = await t.call(shopOrderEndpoints.create, {
      token: tokens.customer,
      body: f.form(connectivity.id, { quantity: 2, couponReceiptId: coupon.receiptId }),
    });
    expect(created.status, created.message).toBe('200');
    const id = created.data.order.id;
    const amount = connectivity.amountCents * 2;
    expect(created.data.order).toMatchObject({
      state: 'created',
      amountCents: amount,
      discountCents: amount - Math.floor((amount * 85) / 100),
      payCents: Math.floor((amount * 85) / 100),
      actions: ['pay', 'cancel'],
    });
    // The coupon is used on this order, and no longer offered.
    const receipt = (await t.dbh.db
      .select()
      .from(couponReceipts)
      .where(eq(couponReceipts.id, coupon.receiptId))
      .get())!;
    expect(receipt.orderRef).toBe(created.data.order.number);
    const after = await t.call(shopOrderEndpoints.catalog, { token: tokens.customer });
    expect(after.data.coupons.map((c) => c.receiptId)).not.toContain(coupon.receiptId);
    expect(await INVOICEABLE_SOURCES.shop.one(t.dbh.db, id)).toMatchObject({ paid: false });

    const paying = await t.call(shopOrderEndpoints.pay, { token: tokens.customer, body: { id } });
    expect(paying.status, paying.message).toBe('200');
    expect(paying.data.order.state).toBe('charging');
    // The pay page shows the amount and a QR code.
    const page = await (await fetch(paying.data.payUrl)).text();
    expect(page).toContain('<svg');
    // In the payer's currency (the demo shop's brand bills in yuan), written the page's language's way.
    const pay = created.data.order.payCents;
    expect(page).toContain(`CN${formatMoney(pay, CNY)}`);
    const zhPage = await (await fetch(paying.data.payUrl, { headers: { 'accept-language': 'zh-CN' } })).text();
    expect(zhPage).toContain(formatMoney(pay, CNY));
    // The payer pays on the page (the phone), and the provider's signed notification makes the order paid.
    const form = new FormData();
    form.set('action', 'pay');
    expect((await fetch(paying.data.payUrl, { method: 'POST', body: form })).status).toBe(200);
    await f.untilState(id, 'paid');
    const paid = await f.order(id);
    expect(paid.order).toMatchObject({
      paidCents: created.data.order.payCents,
      paymentReference: expect.stringMatching(/^P/),
    });
    // Paid, it may be invoiced for what was paid (decision 051's sources).
    expect(await INVOICEABLE_SOURCES.shop.one(t.dbh.db, id)).toEqual(
      expect.objectContaining({ paid: true, amountCents: created.data.order.payCents }),
    );

    // The buyer cannot ship; the seller (the operator's finance) ships with a courier number.
    const byBuyer = await t.call(shopOrderEndpoints.ship, {
      token: tokens.customer,
      body: { id, courierNumber: 'SF1234567890', serials: '' },
    });
    expect(byBuyer.status).not.toBe('200');
    const shipped = await t.call(shopOrderEndpoints.ship, {
      token: tokens.finance,
      body: { id, courierNumber: 'SF1234567890', serials: '' },
    });
    expect(shipped.status, shipped.message).toBe('200');
    expect(shipped.data.order).toMatchObject({ state: 'shipped', courierNumber: 'SF1234567890' });
    // The seller cannot confirm receipt for the buyer; the seller cannot complete before it.
    expect((await t.call(shopOrderEndpoints.receive, { token: tokens.finance, body: { id } })).status).not.toBe('200');
    expect((await t.call(shopOrderEndpoints.complete, { token: tokens.finance, body: { id } })).status).toBe('409');
    const received = await t.call(shopOrderEndpoints.receive, { token: tokens.customer, body: { id } });
    expect(received.data.order.state).toBe('received');
    const completed = await t.call(shopOrderEndpoints.complete, { token: tokens.finance, body: { id } });
    expect(completed.status, completed.message).toBe('200');
    // The buyer's distributor (Sanjiang, 8% of the connectivity card) is credited its share of what was paid.
    const share = Math.floor((created.data.order.payCents * 800) / 10_000);
    expect(completed.data.order).toMatchObject({
      state: 'completed',
      creditCents: share,
      distributorName: 'Nanjing Sanjiang Machinery Distribution Co., Ltd.',
    });
    const credit = (await t.dbh.db.select().from(distributorCredits).where(eq(distributorCredits.orderId, id)).get())!;
    expect(credit.amountCents).toBe(share);
    // The distributor reads the order and its share; the timeline names every step.
    const seen = await f.order(id, tokens.distributor);
    expect(seen.order.creditCents).toBe(share);
    expect(seen.events.map((e) => e.event)).toEqual(['create', 'pay', 'paid', 'ship', 'receive', 'complete']);
    expect(seen.events.at(-1)!.text).toContain('Nanjing Sanjiang Machinery Distribution Co., Ltd.');
    // Completed is the end.
    expect(
      (await t.call(shopOrderEndpoints.cancel, { token: tokens.customer, body: { id, reason: 'x' } })).status,
    ).toBe('409');
  });

  it('the payer who walks away leaves it unpaid; paying again opens a second payment; cancelling gives the coupon back', async () => {
    const { t, tokens, control } = f;
    const parts = await f.productOf('parts', tokens.customer, 'Zhongji Machinery Cloud Co., Ltd.');
    const catalog = await t.call(shopOrderEndpoints.catalog, { token: tokens.customer });
    const coupon = catalog.data.coupons.find(
      (c) => c.category === 'parts' && c.minSpendCents <= parts.amountCents * 3,
    )!;
    const { data } = await t.call(shopOrderEndpoints.create, {
      token: tokens.customer,
      body: f.form(parts.id, { quantity: 3, couponReceiptId: coupon.receiptId }),
    });
    const id = data.order.id;
    const first = await t.call(shopOrderEndpoints.pay, { token: tokens.customer, body: { id } });
    const paymentId = first.data.payUrl.split('/pay/')[1]!.split('?')[0]!;
    expect((await control(`/control/payments/${paymentId}/act`, { action: 'cancel' })).status).toBe(200);
    await f.untilState(id, 'unpaid');
    const second = await t.call(shopOrderEndpoints.pay, { token: tokens.customer, body: { id } });
    expect(second.data.order.state).toBe('charging');
    expect(second.data.payUrl).not.toBe(first.data.payUrl);
    const refs = (await t.dbh.db.select().from(payments).where(eq(payments.orderId, id)).all()).map((p) => p.reference);
    expect(refs).toEqual([`${data.order.number}-1`, `${data.order.number}-2`]);
    // A charging order cannot be cancelled (the payment is open); once the payer gives up, it can.
    expect(
      (await t.call(shopOrderEndpoints.cancel, { token: tokens.customer, body: { id, reason: 'x' } })).status,
    ).toBe('409');
    await control(`/control/payments/${second.data.payUrl.split('/pay/')[1]!.split('?')[0]}/act`, { action: 'cancel' });
    await f.untilState(id, 'unpaid');
    const refused = await t.call(shopOrderEndpoints.cancel, { token: tokens.customer, body: { id, reason: '' } });
    expect(refused.status).not.toBe('200');
    const cancelled = await t.call(shopOrderEndpoints.cancel, {
      token: tokens.customer,
      body: { id, reason: 'Ordered the wrong filter' },
    });
    expect(cancelled.data.order.state).toBe('cancelled');
    const back = await t.call(shopOrderEndpoints.catalog, { token: tokens.customer });
    expect(back.data.coupons.map((c) => c.receiptId)).toContain(coupon.receiptId);
  });

  it('refuses what the buyer may not buy or pay, and changes nothing', async () => {
    const { t, tokens } = f;
    const before = (await t.call(shopOrderEndpoints.list, { token: tokens.finance, query: { pageSize: 1 } })).data
      .total;
    // Another rental company's product is not for sale to Huadong's customer.
    const foreign = await f.productOf('parts', await t.tokenFor(11), 'Zhongji Machinery Cloud Co., Ltd.');
    const pearl = (await rowOf<{ id: number }>(
      t.dbh.db,
      'SELECT id FROM products WHERE org_id = 3 ORDER BY id LIMIT 1',
    ))!;
    const notForSale = await t.call(shopOrderEndpoints.create, { token: tokens.customer, body: f.form(pearl.id) });
    expect(notForSale.status).not.toBe('200');
    expect(notForSale.message).toContain('not for sale');
    // A coupon of another category, a quantity out of range, a blank receiver: each refused with its reason.
    const catalog = await t.call(shopOrderEndpoints.catalog, { token: tokens.customer });
    const partsCoupon = catalog.data.coupons.find((c) => c.category === 'parts')!;
    const card = await f.productOf('connectivity', tokens.customer, 'Zhongji Machinery Cloud Co., Ltd.');
    const wrong = await t.call(shopOrderEndpoints.create, {
      token: tokens.customer,
      body: f.form(card.id, { quantity: 3, couponReceiptId: partsCoupon.receiptId }),
    });
    expect(wrong.message).toContain('does not apply');
    const badQuantity = await t.call(shopOrderEndpoints.create, {
      token: tokens.customer,
      body: f.form(foreign.id, { quantity: 0 }),
    });
    expect(badQuantity.message).toContain('quantity');
    const blank = await t.call(shopOrderEndpoints.create, {
      token: tokens.customer,
      body: f.form(foreign.id, { receiver: ' ' }),
    });
    expect(blank.status).not.toBe('200');
    // A salesperson buys nothing.
    const sales = await t.call(shopOrderEndpoints.create, { token: tokens.sales, body: f.form(foreign.id) });
    expect(sales.status).toBe('403');
    const after = (await t.call(shopOrderEndpoints.list, { token: tokens.finance, query: { pageSize: 1 } })).data.total;
    expect(after).toBe(before);
    // The seller's staff do not pay for the buyer.
    const { data } = await t.call(shopOrderEndpoints.create, { token: tokens.customer, body: f.form(foreign.id) });
    const byFinance = await t.call(shopOrderEndpoints.pay, { token: tokens.finance, body: { id: data.order.id } });
    expect(byFinance.status).not.toBe('200');
    expect((await f.order(data.order.id)).order.state).toBe('created');
  });

  it('lists by state with counts, bought and sold, and each reader sees only their scope', async () => {
    const { t, tokens } = f;
    const all = await t.call(shopOrderEndpoints.list, { token: tokens.finance, query: { pageSize: 200 } });
    const states = new Set(all.data.list.map((o) => o.state));
    for (const state of [
      'created',
      'unpaid',
      'charging',
      'paid',
      'shipped',
      'received',
      'completed',
      'cancelled',
      'failed',
      'abnormal',
    ])
      expect(states, state).toContain(state);
    const charging = await t.call(shopOrderEndpoints.list, {
      token: tokens.finance,
      query: { state: 'charging', pageSize: 200 },
    });
    expect(charging.data.list.length).toBeGreaterThan(0);
    expect(charging.data.list.every((o) => o.state === 'charging')).toBe(true);
    expect(all.data.stateCounts.completed).toBeGreaterThan(0);
    // The customer sees its own organisation's orders only.
    const mine = await t.call(shopOrderEndpoints.list, { token: tokens.customer, query: { pageSize: 200 } });
    expect(mine.data.list.length).toBeGreaterThan(0);
    expect(new Set(mine.data.list.map((o) => o.buyerOrgName)).size).toBe(1);
    // The rental company: what it bought from the operator, and what it sold to its customers.
    const bought = await t.call(shopOrderEndpoints.list, {
      token: tokens.lessorAdmin,
      query: { side: 'bought', pageSize: 200 },
    });
    expect(bought.data.list.every((o) => o.buyerOrgName === 'Huadong Aerial Work Equipment Leasing Co., Ltd.')).toBe(
      true,
    );
    const sold = await t.call(shopOrderEndpoints.list, {
      token: tokens.lessorAdmin,
      query: { side: 'sold', pageSize: 200 },
    });
    expect(sold.data.list.length).toBeGreaterThan(0);
    expect(sold.data.list.every((o) => o.sellerName === 'Huadong Aerial Work Equipment Leasing Co., Ltd.')).toBe(true);
    expect(all.data.list.some((o) => o.sellerName === 'Pearl River Lifting Equipment Rental Co., Ltd.')).toBe(true);
    const huadong = await t.call(shopOrderEndpoints.list, { token: tokens.lessorAdmin, query: { pageSize: 200 } });
    expect(huadong.data.list.some((o) => o.sellerName === 'Pearl River Lifting Equipment Rental Co., Ltd.')).toBe(
      false,
    );
  });

  it("each buyer reads a product's name and spec in its language, the order keeps them, the own one when not kept", async () => {
    const { t, tokens } = f;
    const seller = 'Zhongji Machinery Cloud Co., Ltd.';
    const catalog = (lang: 'en_US' | 'zh_CN', keyword?: string) =>
      t.call(shopOrderEndpoints.catalog, { token: tokens.customer, lang, query: keyword ? { keyword } : {} });
    const card = (list: Awaited<ReturnType<typeof catalog>>, sellerName = seller) =>
      list.data.products.find((p) => p.category === 'connectivity' && p.sellerName === sellerName)!;
    // The operator's data plan, kept in Chinese with its English name and spec.
    const english = card(await catalog('en_US'));
    expect(english).toMatchObject({ name: 'IoT data plan, one year', spec: '12 months' });
    // The Chinese reader reads the seller's Chinese name too.
    expect(card(await catalog('zh_CN'), '中机云科技有限公司')).toMatchObject({
      id: english.id,
      name: '物联网流量年卡',
      spec: '12 个月',
    });
    // Searched by the spec of either language.
    expect((await catalog('en_US', 'months')).data.products.map((p) => p.id)).toContain(english.id);
    expect((await catalog('en_US', '个月')).data.products.map((p) => p.id)).toContain(english.id);

    const buy = async (productId: number, lang: 'en_US' | 'zh_CN') => {
      const created = await t.call(shopOrderEndpoints.create, {
        token: tokens.customer,
        body: f.form(productId),
        lang,
      });
      expect(created.status, created.message).toBe('200');
      return (await t.call(shopOrderEndpoints.detail, { token: tokens.customer, query: { id: created.data.order.id } }))
        .data;
    };
    const inEnglish = await buy(english.id, 'en_US');
    expect(inEnglish.order).toMatchObject({ productName: 'IoT data plan, one year', spec: '12 months' });
    expect(inEnglish.events.find((e) => e.event === 'create')!.text).toContain('IoT data plan, one year (12 months)');
    const inChinese = await buy(english.id, 'zh_CN');
    expect(inChinese.order).toMatchObject({ productName: '物联网流量年卡', spec: '12 个月' });
    // The order keeps what its buyer read, whoever reads it later.
    expect((await f.order(inChinese.order.id)).order.spec).toBe('12 个月');

    // A product kept without an English spec and description: the English reader gets the shop's own.
    const distributor = (await t.call(productEndpoints.options, { token: tokens.finance })).data.distributors[0]!;
    const made = await t.call(productEndpoints.create, {
      token: tokens.finance,
      body: {
        category: 'service',
        name: '远程诊断服务',
        nameEn: 'Remote diagnostics',
        image: builtInModelImage('forklift'),
        description: '技师远程读取故障码并给出处理建议',
        descriptionZh: '技师远程读取故障码并给出处理建议',
        keyAttributes: '含一次远程会诊',
        otherAttributes: '全国可用',
        salesAttributes: '付款后 24 小时内联系',
        spec: '1 次远程会诊',
        specZh: '1 次远程会诊',
        amountCents: 20_000,
        shares: [{ distributorId: distributor.id, basisPoints: 500 }],
      },
    });
    expect(made.status, made.message).toBe('200');
    const remote = (await catalog('en_US')).data.products.find((p) => p.id === made.data.id)!;
    expect(remote).toMatchObject({ name: 'Remote diagnostics', spec: '1 次远程会诊' });
    expect((await buy(made.data.id, 'en_US')).order.spec).toBe('1 次远程会诊');
  });
});
