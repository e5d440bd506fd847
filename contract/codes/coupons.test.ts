import { describe, expect, it } from 'vitest';
import { couponDiscountCents, couponIssueState, couponUseAllows, couponUseState } from './coupons.ts';
import { shareCents } from './products.ts';

describe('coupon rules', () => {
  it('takes a face value off, never more than the amount', () => {
    const cash = { type: 'cash' as const, faceValueCents: 2000, discountTenths: 0 };
    expect(couponDiscountCents(cash, 10000)).toBe(2000);
    expect(couponDiscountCents(cash, 1500)).toBe(1500);
    expect(couponDiscountCents(cash, 0)).toBe(0);
  });

  it('takes the part a discount does not pay, rounded to the buyer’s favour', () => {
    const off15 = { type: 'discount' as const, faceValueCents: 0, discountTenths: 85 };
    expect(couponDiscountCents(off15, 10000)).toBe(1500);
    expect(couponDiscountCents(off15, 333)).toBe(50);
    expect(couponDiscountCents({ ...off15, discountTenths: 1 }, 999)).toBe(990);
  });

  it('reads a received coupon’s state from its use and its hours, and allows use only while received', () => {
    const expiresAt = 1_000;
    expect(couponUseState({ usedAt: null, expiresAt }, 999)).toBe('received');
    expect(couponUseState({ usedAt: null, expiresAt }, 1_000)).toBe('expired');
    expect(couponUseState({ usedAt: new Date(500), expiresAt }, 2_000)).toBe('used');
    expect(couponUseAllows('use', 'received')).toBe(true);
    expect(couponUseAllows('use', 'used')).toBe(false);
    expect(couponUseAllows('use', 'expired')).toBe(false);
  });

  it('issues within the period, first and last day included, until stopped', () => {
    const period = { issueFrom: '2026-03-01', issueTo: '2026-03-31', stoppedAt: null };
    expect(couponIssueState(period, '2026-02-28')).toBe('upcoming');
    expect(couponIssueState(period, '2026-03-01')).toBe('issuing');
    expect(couponIssueState(period, '2026-03-31')).toBe('issuing');
    expect(couponIssueState(period, '2026-04-01')).toBe('ended');
    expect(couponIssueState({ ...period, stoppedAt: new Date() }, '2026-03-10')).toBe('stopped');
  });

  it('credits a distributor its share in basis points, rounded down to the cent', () => {
    expect(shareCents(59900, 1000)).toBe(5990);
    expect(shareCents(333, 1250)).toBe(41);
  });
});
