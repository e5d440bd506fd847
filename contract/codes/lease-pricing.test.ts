import { describe, expect, it } from 'vitest';
import { centsText, leaseDays, lineAmountCents, requiredPrices } from './lease-pricing.ts';

const prices = { dayCents: 30_000, monthCents: 600_000 };

describe('lease pricing in cents', () => {
  it('needs the prices each model shows', () => {
    expect(requiredPrices(22)).toEqual(['day', 'month']);
    expect(requiredPrices(23)).toEqual(['day']);
    expect(requiredPrices(27)).toEqual(['day']);
    expect(requiredPrices(24)).toEqual(['month']);
    expect(requiredPrices(25)).toEqual(['month']);
    expect(requiredPrices(26)).toEqual([]);
  });

  it('counts both the first and the last day', () => {
    expect(leaseDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(leaseDays('2026-02-01', '2026-03-02')).toBe(30);
    expect(leaseDays('2026-03-02', '2026-03-01')).toBe(0);
  });

  it('bills daily models by the day, 27 at least seven days', () => {
    expect(lineAmountCents(23, prices, '2026-03-01', '2026-03-03')).toBe(90_000);
    expect(lineAmountCents(27, prices, '2026-03-01', '2026-03-03')).toBe(210_000);
    expect(lineAmountCents(27, prices, '2026-03-01', '2026-03-10', 2)).toBe(600_000);
  });

  it('bills 24 per 30 days and the rest by thirtieths', () => {
    expect(lineAmountCents(24, prices, '2026-03-01', '2026-03-30')).toBe(600_000);
    expect(lineAmountCents(24, prices, '2026-03-01', '2026-04-14')).toBe(900_000);
  });

  it('bills 25 per calendar month by the share of its days', () => {
    expect(lineAmountCents(25, prices, '2026-02-01', '2026-02-28')).toBe(600_000);
    expect(lineAmountCents(25, prices, '2026-02-01', '2026-03-15')).toBe(600_000 + Math.round((15 * 600_000) / 31));
  });

  it('turns 22 monthly once the days would cost more than a month', () => {
    expect(lineAmountCents(22, prices, '2026-03-01', '2026-03-10')).toBe(300_000);
    expect(lineAmountCents(22, prices, '2026-03-01', '2026-03-25')).toBe(600_000);
    expect(lineAmountCents(22, prices, '2026-03-01', '2026-04-09')).toBe(600_000 + 300_000);
  });

  it('writes cents as an amount with two places', () => {
    expect(centsText(1_234_567)).toBe('12,345.67');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(-100)).toBe('-1.00');
  });
});
