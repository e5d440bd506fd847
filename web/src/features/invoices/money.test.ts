import { describe, expect, it } from 'vitest';
import { CNY, type MoneyFormat } from '@console/contract/codes/money';
import { totalsByCurrency } from './money.ts';

const AUD: MoneyFormat = { currency: { code: 'AUD', symbol: 'A$', minorUnits: 2 }, locale: 'en-AU' };

describe('invoice totals by currency', () => {
  it('adds up one currency and keeps two apart, never adding yuan to dollars', () => {
    expect(totalsByCurrency([{ amountCents: 120_000, money: AUD }])).toBe('A$1,200.00');
    expect(
      totalsByCurrency([
        { amountCents: 30_000, money: CNY },
        { amountCents: 100_000, money: AUD },
        { amountCents: 20_000, money: AUD },
      ]),
    ).toBe('¥300.00 · A$1,200.00');
  });
});
