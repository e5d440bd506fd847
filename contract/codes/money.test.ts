import { describe, expect, it } from 'vitest';
import { CNY, formatAmount, formatMoney, formatNumber, plainAmount, type MoneyFormat } from './money.ts';
import { invoiceTypesOf, isAbn, isTaxIdOf, taxRegimeIssue } from './tax-regimes.ts';

const AUD: MoneyFormat = { currency: { code: 'AUD', symbol: 'A$', minorUnits: 2 }, locale: 'en-AU' };

describe('money and numbers of a brand', () => {
  it('writes every amount with grouping and two decimals, and the symbol of its currency', () => {
    expect(formatMoney(2_800_000, CNY)).toBe('¥28,000.00');
    expect(formatMoney(50_000, AUD)).toBe('A$500.00');
    expect(formatMoney(-500, AUD)).toBe('-A$5.00');
    expect(formatAmount(8_400_000, CNY)).toBe('84,000.00');
    // Whole cents never pick up a float's tail.
    expect(formatAmount(30, CNY)).toBe('0.30');
    expect(formatNumber(10_059.5, AUD, 1)).toBe('10,059.5');
  });

  it('keeps a CSV amount plain, so a spreadsheet adds it up', () => {
    expect(plainAmount(8_400_000, AUD)).toBe('84000.00');
  });
});

describe('tax regimes', () => {
  it('checks an ABN by its digits', () => {
    expect(isAbn('51824753556')).toBe(true);
    expect(isAbn('51824753557')).toBe(false);
    expect(isTaxIdOf('auGst', '51 824 753 556')).toBe(true);
    expect(isTaxIdOf('cnVat', '51 824 753 556')).toBe(false);
    expect(isTaxIdOf('cnVat', '91310115MA1K4XXX2B')).toBe(true);
  });

  it('offers each regime its own invoices and rates', () => {
    expect(invoiceTypesOf('auGst')).toEqual(['taxInvoice']);
    expect(invoiceTypesOf('cnVat')).toEqual(['ordinary', 'special']);
    expect(taxRegimeIssue('auGst', { type: 'special', taxRate: 13, taxNumber: '51824753556' })?.field).toBe('type');
    expect(taxRegimeIssue('auGst', { type: 'taxInvoice', taxRate: 10, taxNumber: '51824753556' })).toBeNull();
  });
});
