import { describe, expect, it } from 'vitest';
import { renewalAllows, renewedExpiry } from './renewals.ts';

describe('renewedExpiry', () => {
  it('continues a running service from the day after its last day', () => {
    expect(renewedExpiry('2026-06-10', '2026-06-01', 1)).toBe('2026-07-10');
    expect(renewedExpiry('2026-06-10', '2026-06-01', 12)).toBe('2027-06-10');
    // Its last day is today: the next month starts tomorrow.
    expect(renewedExpiry('2026-06-01', '2026-06-01', 3)).toBe('2026-09-01');
  });

  it('restarts a stopped service today', () => {
    expect(renewedExpiry('2026-05-20', '2026-06-01', 1)).toBe('2026-06-30');
    expect(renewedExpiry(null, '2026-06-01', 6)).toBe('2026-11-30');
  });

  it('counts calendar months, a day the month lacks falling back to its last', () => {
    expect(renewedExpiry('2026-01-30', '2026-01-01', 1)).toBe('2026-02-28');
    expect(renewedExpiry('2027-01-30', '2027-01-01', 1)).toBe('2027-02-28');
    expect(renewedExpiry('2028-01-30', '2028-01-01', 1)).toBe('2028-02-29');
  });
});

describe('RENEWAL_FLOW', () => {
  it('pays and cancels only what waits for payment', () => {
    expect(renewalAllows('pay', 'pending')).toBe(true);
    expect(renewalAllows('cancel', 'pending')).toBe(true);
    for (const state of ['renewed', 'failed', 'cancelled'] as const) {
      expect(renewalAllows('pay', state)).toBe(false);
      expect(renewalAllows('cancel', state)).toBe(false);
    }
  });
});
