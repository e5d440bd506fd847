import {
  CNY,
  formatAmount,
  formatMoney,
  formatNumber,
  plainAmount,
  type MoneyFormat,
} from '@console/contract/codes/money';

/**
 * The console's one way to show money and figures (docs/decisions/064-brand-money-and-languages.md): the brand's
 * currency and number format, set once when the brand loads, so every amount of a page reads alike ("28,000.00",
 * never "28,000" beside "84000.00"). Amounts stay integer cents; only these turn them into text.
 */
let current: MoneyFormat = CNY;

/** How a Chinese label names a currency after an amount ("（元）", "（澳元）"); other currencies by their code. */
const ZH_UNIT: Record<string, string> = {
  CNY: '元',
  AUD: '澳元',
  USD: '美元',
  HKD: '港元',
  SGD: '新加坡元',
  EUR: '欧元',
};

/**
 * The brand's money, from metadata.do. Catalog labels name the currency through two variables every translation
 * may use: `{{currency}}` (the ISO code, for English: "Deposit (AUD)") and `{{currencyUnit}}` (for Chinese:
 * "押金（元）").
 */
export function setMoneyFormat(format: MoneyFormat): void {
  current = format;
  Object.assign(currencyVariables, variablesOf(format));
}

const variablesOf = (format: MoneyFormat) => ({
  currency: format.currency.code,
  currencyUnit: ZH_UNIT[format.currency.code] ?? format.currency.code,
});

/** The catalog's default variables (lib/i18n.ts), changed in place when the brand loads. */
export const currencyVariables: Record<string, string> = variablesOf(CNY);

export const moneyFormat = (): MoneyFormat => current;

/** Cents as money with the currency's symbol: "¥28,000.00", "A$28,000.00". */
export const moneyText = (cents: number): string => formatMoney(cents, current);

/** Cents as an amount with grouping and decimals, no symbol (where the column's title names the currency). */
export const amountText = (cents: number): string => formatAmount(cents, current);

/** Cents as a CSV cell: plain decimals, so a spreadsheet adds them up. */
export const csvAmount = (cents: number): string => plainAmount(cents, current);

/** A figure (hours, kWh, counts) with the brand's grouping and `digits` decimals. */
export const numberText = (value: number, digits = 0): string => formatNumber(value, current, digits);
