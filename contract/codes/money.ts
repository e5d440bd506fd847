import { z } from 'zod';

/**
 * A brand's money (docs/decisions/064-brand-money-and-languages.md): its currency and how its numbers are written.
 * Amounts stay integer minor units (cents) everywhere; only these helpers turn them into text, on the server
 * (PDFs, SMS, documents) and in the console alike, so one figure reads the same on every page of a brand.
 */
export const moneyFormat = z.strictObject({
  currency: z.strictObject({
    /** ISO 4217 code: CNY, AUD, … */
    code: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code of three capital letters'),
    /** What is written before an amount: ¥, A$, … */
    symbol: z.string().trim().min(1).max(4),
    /** The currency's minor units: amounts are integers of 10^-minorUnits. Only 2 (cents) is supported. */
    minorUnits: z.literal(2),
  }),
  /** The BCP 47 locale whose grouping and decimal marks numbers use (zh-CN, en-AU). */
  locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'a locale such as zh-CN or en-AU'),
});
export type MoneyFormat = z.infer<typeof moneyFormat>;

/** The regional brands' money, and every brand's until its pack names its own. */
export const CNY: MoneyFormat = { currency: { code: 'CNY', symbol: '¥', minorUnits: 2 }, locale: 'zh-CN' };

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}/${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with the locale's grouping and `digits` decimals: 84000 → "84,000.00". */
export function formatNumber(value: number, format: MoneyFormat, digits = 0): string {
  return numberFormat(format.locale, digits).format(value);
}

/** Integer minor units as an amount with its decimals and grouping, no symbol: 2800000 → "28,000.00". */
export function formatAmount(cents: number, format: MoneyFormat): string {
  const { minorUnits } = format.currency;
  // Integer arithmetic first, so 0.1 + 0.2 never shows; the division is exact for whole cents.
  return formatNumber(Math.round(cents) / 10 ** minorUnits, format, minorUnits);
}

/** Integer minor units as money: "¥28,000.00", "A$28,000.00"; a negative amount puts its sign first ("-A$5.00"). */
export function formatMoney(cents: number, format: MoneyFormat): string {
  const amount = formatAmount(Math.abs(cents), format);
  return `${cents < 0 ? '-' : ''}${format.currency.symbol}${amount}`;
}

/** An amount as a CSV holds it: plain decimals, no grouping, so a spreadsheet adds it up (decision 038). */
export function plainAmount(cents: number, format: MoneyFormat): string {
  return (Math.round(cents) / 10 ** format.currency.minorUnits).toFixed(format.currency.minorUnits);
}

/**
 * What amounts of one currency add up to: a total never adds two currencies (decision 064's addendum), so an answer
 * over records of several companies gives one of these per currency present.
 */
export const moneyTotal = z.object({ money: moneyFormat, cents: z.number().int() });
export type MoneyTotal = z.infer<typeof moneyTotal>;
