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

/** The decimals a measured figure carries, at most 2: 29811.7 → 1, 16 → 0, 0.1 + 0.2 → 1. */
const decimalsOf = (value: number): number => {
  const fixed = value.toFixed(2).replace(/0+$/, '');
  return fixed.length - fixed.indexOf('.') - 1;
};

/**
 * A figure with its unit, the one way figure cards and tables write it: the brand's grouping, the decimals it
 * carries (or `digits`), a space before a unit ("29,811.7 h", "22,743.7 kWh") and none before a percent sign
 * ("16%").
 */
export function figureText(value: number, unit = '', digits = decimalsOf(value)): string {
  const number = numberText(value, digits);
  if (!unit) return number;
  return unit === '%' ? `${number}%` : `${number} ${unit}`;
}

/**
 * A record's amount in its own money (decision 064): a page of the operator's lists records of companies of other
 * brands. In the console's currency it reads as `amountText` under a title naming that currency; in another with its
 * symbol ("A$28,000.00"), so it never reads as the console's currency.
 */
export const recordAmountText = (cents: number, money?: MoneyFormat): string =>
  !money || money.currency.code === current.currency.code ? amountText(cents) : formatMoney(cents, money);

/** A record's amount with its own currency's symbol (a sentence, a figure on its own). */
export const recordMoneyText = (cents: number, money?: MoneyFormat): string => formatMoney(cents, money ?? current);

/** The catalog variables naming a record's currency, for a label over its amounts ("押金（澳元）", "Deposit (AUD)"). */
export const currencyVariablesOf = (money?: MoneyFormat): { currency: string; currencyUnit: string } =>
  variablesOf(money ?? current);

/**
 * Totals per currency as a page shows them: those the answer gives, or the console's currency's zero when it gives
 * none, so a page always shows its figure.
 */
export const totalsShown = (totals: { money: MoneyFormat; cents: number }[] | undefined) =>
  totals && totals.length > 0 ? totals : [{ money: current, cents: 0 }];
