import { dayInZone } from '@console/server/src/lib/time';
import { couponReceipts, coupons } from '@console/db/schema/coupons';
import type { CouponForm } from '@console/contract/http/coupons';
import type { TestApp } from '../../fixtures/test-app.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The demo customer (role 0) and the renter's user (role 11): both customers of the demo lessor. */
export const CUSTOMER_MOBILE = '13800000000';
export const OTHER_CUSTOMER_MOBILE = '13800000011';

/** A fresh start for a coupon test: the seed's coupons gone, days in the default calendar (Shanghai). */
export async function couponFixture(t: TestApp) {
  await t.dbh.db.delete(couponReceipts).run();
  await t.dbh.db.delete(coupons).run();
  const day = (offset: number) => dayInZone(t.deps.now() + offset * DAY, 'Asia/Shanghai');
  const form = (over: Partial<CouponForm> = {}): CouponForm => ({
    name: 'Spring parts 20 off',
    type: 'cash',
    faceValueCents: 2000,
    discount: null,
    issueFrom: day(-1),
    issueTo: day(30),
    minSpendCents: 10000,
    total: 10,
    perUserLimit: 2,
    validHours: 48,
    category: 'parts',
    ...over,
  });
  return { day, form };
}
