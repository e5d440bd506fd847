import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { couponEndpoints, type CouponForm } from '@console/contract/http/coupons';
import { shopOrderEndpoints, type ShopOrderCreateForm } from '@console/contract/http/shop-orders';
import { demoAccount } from '@console/db/seed/accounts';
import { dayInZone } from '@console/server/src/lib/time';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const OPERATOR = 'Zhongji Machinery Cloud Co., Ltd.';
const LESSOR = 'Huadong Aerial Work Equipment Leasing Co., Ltd.';

/**
 * A coupon is honoured only by the shop of the organisation that issued it (decision 049, addendum): the demo
 * customer holds a coupon of its rental company and one of the operator, and buys from both shops.
 */
describe('checkout with a coupon of another organisation’s shop', () => {
  let t: TestApp;
  let customer: string;
  beforeEach(async () => {
    t = await createTestApp();
    customer = await t.tokenFor(ROLE.other);
  });
  afterEach(() => t.dbh.close());

  /** A coupon created and granted to the demo customer by `issuer`'s writer, through the coupon screens' calls. */
  const grantedBy = async (issuer: string, over: Partial<CouponForm>) => {
    const today = dayInZone(t.deps.now(), 'Asia/Shanghai');
    const made = await t.call(couponEndpoints.create, {
      token: issuer,
      body: {
        name: 'Almost free',
        type: 'discount',
        faceValueCents: null,
        discount: 0.1,
        issueFrom: today,
        issueTo: today,
        minSpendCents: 0,
        total: 5,
        perUserLimit: 1,
        validHours: 24,
        category: 'all',
        ...over,
      },
    });
    expect(made.status, made.message).toBe('200');
    const grant = await t.call(couponEndpoints.grant, {
      token: issuer,
      body: { id: made.data.id, mobiles: [demoAccount(ROLE.other)], count: 1 },
    });
    expect(grant.status, grant.message).toBe('200');
    const catalog = await t.call(shopOrderEndpoints.catalog, { token: customer });
    return catalog.data.coupons.find((c) => c.name === (over.name ?? 'Almost free'))!;
  };
  const productOf = async (seller: string) =>
    (await t.call(shopOrderEndpoints.catalog, { token: customer })).data.products.find(
      (p) => p.sellerName === seller && p.category === 'parts',
    )!;
  const form = (productId: number, couponReceiptId: number | null): ShopOrderCreateForm => ({
    productId,
    quantity: 1,
    receiver: '王建国',
    receiverPhone: '13912345678',
    address: '上海市浦东新区世纪大道 88 号',
    couponReceiptId,
  });
  const orderCount = async () =>
    (await t.call(shopOrderEndpoints.list, { token: await t.tokenFor(ROLE.finance), query: { pageSize: 1 } })).data
      .total;

  it('refuses the rental company’s coupon at the operator’s shop and the other way round, and changes nothing', async () => {
    const lessorCoupon = await grantedBy(await t.tokenFor(ROLE.lessorAdmin), { name: 'Lessor 99% off' });
    const operatorCoupon = await grantedBy(await t.tokenFor(ROLE.finance), { name: 'Operator 99% off' });
    const operatorParts = await productOf(OPERATOR);
    const lessorParts = await productOf(LESSOR);

    const before = await orderCount();
    // The issuer is named in the reader's language.
    for (const [product, coupon, issuer, issuerZh] of [
      [operatorParts, lessorCoupon, LESSOR, '华东高空作业设备租赁有限公司'],
      [lessorParts, operatorCoupon, OPERATOR, '中机云科技有限公司'],
    ] as const) {
      const refused = await t.call(shopOrderEndpoints.create, {
        token: customer,
        body: form(product.id, coupon.receiptId),
      });
      expect(refused.status).toBe('409');
      expect(refused.message).toBe(`This coupon was issued by ${issuer} and can only be used in its shop`);
      const zh = await t.call(shopOrderEndpoints.create, {
        token: customer,
        lang: 'zh_CN',
        body: form(product.id, coupon.receiptId),
      });
      expect(zh.message).toBe(`该优惠券由${issuerZh}发放，仅限在其店铺使用`);
    }
    // No order was placed and both coupons are still the customer's to use.
    expect(await orderCount()).toBe(before);
    const still = (await t.call(shopOrderEndpoints.catalog, { token: customer })).data.coupons.map((c) => c.receiptId);
    expect(still).toEqual(expect.arrayContaining([lessorCoupon.receiptId, operatorCoupon.receiptId]));

    // The catalogue tells which shop honours each coupon, so the form offers it on that shop's products only.
    expect(lessorCoupon).toMatchObject({ sellerName: LESSOR, sellerId: lessorParts.sellerId });
    expect(operatorCoupon).toMatchObject({ sellerName: OPERATOR, sellerId: operatorParts.sellerId });

    // Each shop honours its own.
    for (const [product, coupon] of [
      [operatorParts, operatorCoupon],
      [lessorParts, lessorCoupon],
    ] as const) {
      const placed = await t.call(shopOrderEndpoints.create, {
        token: customer,
        body: form(product.id, coupon.receiptId),
      });
      expect(placed.status, placed.message).toBe('200');
      expect(placed.data.order.payCents).toBe(Math.floor(product.amountCents / 100));
    }
    expect(await orderCount()).toBe(before + 2);
  });
});
