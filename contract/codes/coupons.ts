import { codeTable } from './code-table.ts';
import { PRODUCT_CATEGORIES } from './products.ts';

/**
 * Coupons of the shop (spec sections 3, 4, 5; docs/decisions/049-products-and-coupons.md): a coupon is a batch of
 * `total` that people receive (granted to their mobiles), each received coupon valid for `validHours` after it was
 * received and used at most once at checkout.
 */

/** Face value (an amount off, in cents) or a discount (pay 8.5 tenths of the price: "8.5 折"). */
export const COUPON_TYPES = ['cash', 'discount'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_TYPE = codeTable('coupons:type', [
  ['cash', 'cash', 'volcano'],
  ['discount', 'discount', 'magenta'],
]);

/** The categories a coupon may be restricted to: one product category, or every category. */
export const COUPON_CATEGORIES = ['all', ...PRODUCT_CATEGORIES] as const;
export type CouponCategory = (typeof COUPON_CATEGORIES)[number];

/** Whether a coupon's batch is still given out: issuing (within its period), not started, over, or stopped. */
export const COUPON_ISSUE_STATES = ['upcoming', 'issuing', 'ended', 'stopped'] as const;
export type CouponIssueState = (typeof COUPON_ISSUE_STATES)[number];
export const COUPON_ISSUE_STATE = codeTable('coupons:issueState', [
  ['upcoming', 'upcoming', 'gold'],
  ['issuing', 'issuing', 'green'],
  ['ended', 'ended', 'default'],
  ['stopped', 'stopped', 'red'],
]);

export function couponIssueState(
  coupon: { issueFrom: string; issueTo: string; stoppedAt: unknown },
  today: string,
): CouponIssueState {
  if (coupon.stoppedAt) return 'stopped';
  if (today < coupon.issueFrom) return 'upcoming';
  return today > coupon.issueTo ? 'ended' : 'issuing';
}

/**
 * A received coupon's state (spec section 4, coupon use), declared once: received until used at checkout or until
 * its validity runs out. `expired` is not written by a job: it is the received coupon whose time has passed, so it
 * cannot be used a second after, whoever reads it.
 */
export const COUPON_USE_STATES = ['received', 'used', 'expired'] as const;
export type CouponUseState = (typeof COUPON_USE_STATES)[number];
export const COUPON_USE_STATE = codeTable('coupons:useState', [
  ['received', 'received', 'blue'],
  ['used', 'used', 'green'],
  ['expired', 'expired', 'default'],
]);

/** The moves of a received coupon: `use` at checkout while received; `expire` by the clock alone. */
export const COUPON_USE_FLOW = {
  use: { from: ['received'], to: 'used' },
  expire: { from: ['received'], to: 'expired' },
} as const satisfies Record<string, { from: readonly CouponUseState[]; to: CouponUseState }>;

export type CouponUseAction = keyof typeof COUPON_USE_FLOW;
export const couponUseAllows = (action: CouponUseAction, state: CouponUseState): boolean =>
  (COUPON_USE_FLOW[action].from as readonly CouponUseState[]).includes(state);

export function couponUseState(received: { usedAt: unknown; expiresAt: Date | number }, now: number): CouponUseState {
  if (received.usedAt) return 'used';
  return now >= Number(received.expiresAt) ? 'expired' : 'received';
}

/** A discount is written in tenths of the price paid (8.5 is 85 of 100); stored as tenths × 10, an integer 1..99. */
export const MIN_DISCOUNT = 0.1;
export const MAX_DISCOUNT = 9.9;

/**
 * What a coupon takes off an amount, in cents, never more than the amount: its face value, or the part of the
 * amount the discount does not pay (rounded to the cent in the buyer's favour).
 */
export function couponDiscountCents(
  coupon: { type: CouponType; faceValueCents: number; discountTenths: number },
  amountCents: number,
): number {
  if (amountCents <= 0) return 0;
  if (coupon.type === 'cash') return Math.min(coupon.faceValueCents, amountCents);
  const paid = Math.floor((amountCents * coupon.discountTenths) / 100);
  return amountCents - paid;
}

/** The longest validity after receipt: ten years of hours. */
export const MAX_VALID_HOURS = 87_600;
/** The largest batch, and the most mobiles one grant names. */
export const MAX_COUPON_TOTAL = 1_000_000;
export const MAX_GRANT_MOBILES = 200;
