import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { couponEndpoints } from '@console/contract/http/coupons';
import { ScopedData } from '@console/server/src/lib/data';
import { ApiError } from '@console/server/src/lib/errors';
import { findSessionUser } from '@console/server/src/lib/session';
import { redeemCoupon, type Redemption } from '@console/server/src/routes/coupons/redeem';
import { rowsOf, runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { orgOf } from '../commands/helpers.ts';
import { couponFixture, CUSTOMER_MOBILE, HOUR } from './helpers.ts';

/** Using a received coupon at checkout: the server function the shop order's checkout calls in its unit of work. */
describe('redeeming a coupon', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof couponFixture>>;
  let admin: string;
  let buyerId: number;
  /** The coupons' issuer: the demo rental company, whose shop honours them. */
  let issuerOrgId: number;
  beforeEach(async () => {
    t = await createTestApp();
    f = await couponFixture(t);
    admin = await t.tokenFor(ROLE.lessorAdmin);
    buyerId = await t.userId(ROLE.registeredUser);
    issuerOrgId = await orgOf(t.dbh, ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  /** A coupon granted `count` times to the demo customer (role 0). */
  const granted = async (over: Parameters<typeof f.form>[0] = {}, count = 1) => {
    const made = await t.call(couponEndpoints.create, { token: admin, body: f.form({ perUserLimit: 3, ...over }) });
    expect(made.status, made.message).toBe('200');
    const id = made.data.id;
    const grant = await t.call(couponEndpoints.grant, {
      token: admin,
      body: { id, mobiles: [CUSTOMER_MOBILE], count },
    });
    expect(grant.status, grant.message).toBe('200');
    return id;
  };
  /** The buyer's own unit of work, as the shop's checkout will run it. */
  const redeem = async (input: Omit<Redemption, 'buyerId' | 'sellerOrgId' | 'now'> & Partial<Redemption>) => {
    const buyer = (await findSessionUser(t.dbh.db, await t.tokenFor(ROLE.registeredUser), t.deps.now()))!;
    return (await ScopedData.of(t.dbh.db, buyer)).write((tx) =>
      redeemCoupon(tx, { buyerId, sellerOrgId: issuerOrgId, now: t.deps.now(), ...input }),
    );
  };
  const refusal = async (run: () => unknown) => {
    try {
      await run();
    } catch (error) {
      if (error instanceof ApiError) return error.messageKey;
      throw error;
    }
    return 'redeemed';
  };
  const counts = async (id: number) => (await t.call(couponEndpoints.detail, { token: admin, query: { id } })).data;

  it('takes the face value off an order that reaches the minimum spend, once', async () => {
    const id = await granted();
    expect(await refusal(() => redeem({ couponId: id, amountCents: 9999, category: 'parts' }))).toBe(
      'coupons.belowMinSpend',
    );
    expect(await refusal(() => redeem({ couponId: id, amountCents: 50000, category: 'terminal' }))).toBe(
      'coupons.wrongCategory',
    );
    const used = await redeem({ couponId: id, amountCents: 10000, category: 'parts', orderRef: 'SO-1' });
    expect(used.discountCents).toBe(2000);
    expect(await refusal(() => redeem({ receivedId: used.receivedId, amountCents: 10000, category: 'parts' }))).toBe(
      'coupons.alreadyUsed',
    );
    expect(await refusal(() => redeem({ couponId: id, amountCents: 10000, category: 'parts' }))).toBe(
      'coupons.alreadyUsed',
    );
    expect(await counts(id)).toMatchObject({ received: 1, used: 1, expired: 0 });
    const list = await t.call(couponEndpoints.received, {
      token: admin,
      query: { couponId: id, page: 1, pageSize: 20 },
    });
    expect(list.data.list[0]).toMatchObject({ state: 'used', discountCents: 2000, orderRef: 'SO-1' });
  });

  it('takes a discount off any category, never more than the amount, rounding to the buyer’s favour', async () => {
    const id = await granted({ type: 'discount', discount: 8.5, minSpendCents: 0, category: 'all' }, 2);
    // 8.5 of 10 paid: 15% off 333 cents is 49.95, the buyer pays 283.
    expect((await redeem({ couponId: id, amountCents: 333, category: 'terminal' })).discountCents).toBe(50);
    const cash = await granted({ faceValueCents: 5000, minSpendCents: 0, category: 'all' });
    expect((await redeem({ couponId: cash, amountCents: 1200, category: 'service' })).discountCents).toBe(1200);
  });

  it('refuses a coupon the buyer does not hold, and one whose hours have passed', async () => {
    const id = await granted({ validHours: 1 });
    expect(
      await refusal(async () =>
        redeem({ couponId: id, buyerId: await t.userId(ROLE.other), amountCents: 20000, category: 'parts' }),
      ),
    ).toBe('coupons.notReceived');
    expect(await refusal(() => redeem({ amountCents: 20000, category: 'parts' }))).toBe('coupons.notReceived');
    t.advance(HOUR);
    expect(await refusal(() => redeem({ couponId: id, amountCents: 20000, category: 'parts' }))).toBe(
      'coupons.expired',
    );
    expect(await counts(id)).toMatchObject({ received: 1, used: 0, expired: 1 });
  });

  it('uses the coupon that expires first among those the buyer holds', async () => {
    const id = await granted({}, 2);
    const first = await redeem({ couponId: id, amountCents: 20000, category: 'parts' });
    const second = await redeem({ couponId: id, amountCents: 20000, category: 'parts' });
    expect(first.receivedId).not.toBe(second.receivedId);
    expect(await refusal(() => redeem({ couponId: id, amountCents: 20000, category: 'parts' }))).toBe(
      'coupons.alreadyUsed',
    );
    expect(await counts(id)).toMatchObject({ received: 2, used: 2 });
  });

  it('is honoured only by the shop of the organisation that issued it, and nothing changes when refused', async () => {
    const id = await granted({ type: 'discount', discount: 0.1, minSpendCents: 0, category: 'all' });
    // The operator's shop, and a rental company's of its own: neither honours the demo rental company's coupon.
    // The second rental company by id.
    const lessors = await rowsOf<{ id: number }>(
      t.dbh.db,
      "SELECT id FROM organisations WHERE kind = 'lessor' ORDER BY id",
    );
    for (const seller of [await orgOf(t.dbh, ROLE.finance), lessors[1]!.id]) {
      expect(seller).not.toBe(issuerOrgId);
      expect(
        await refusal(() => redeem({ couponId: id, sellerOrgId: seller, amountCents: 1_000_000, category: 'parts' })),
      ).toBe('coupons.otherShop');
    }
    expect(await counts(id)).toMatchObject({ received: 1, used: 0 });
    // Its own shop does: 0.1 of 10 paid, 99% off.
    expect((await redeem({ couponId: id, amountCents: 1_000_000, category: 'parts' })).discountCents).toBe(990_000);
    expect(await counts(id)).toMatchObject({ received: 1, used: 1 });
  });

  it('does not honour a coupon whose value is outside the rules, whatever wrote it', async () => {
    const id = await granted({ type: 'discount', discount: 8.5, minSpendCents: 0, category: 'all' });
    // A row changed around the form (a script, an import): 0 tenths would give the product away.
    await runOf(t.dbh.db, 'UPDATE coupons SET discount_tenths = 0 WHERE id = ?', id);
    expect(await refusal(() => redeem({ couponId: id, amountCents: 20000, category: 'parts' }))).toBe(
      'coupons.outsideRules',
    );
    expect(await counts(id)).toMatchObject({ received: 1, used: 0 });
  });
});
