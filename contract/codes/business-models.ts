import { codeTable } from './code-table.ts';

/** Business models 22-27 (spec section 4): how a lease is priced. */
export const BUSINESS_MODEL = codeTable('businessModel', [
  [22, 'dailyToMonthly', 'cyan'],
  [23, 'daily', 'blue'],
  [24, 'monthly30', 'purple'],
  [25, 'monthlyCalendar', 'geekblue'],
  [27, 'dailyOver7', 'blue'],
]);
export type BusinessModel = (typeof BUSINESS_MODEL.values)[number];

export interface Prices {
  day?: number | null;
  month?: number | null;
}
export interface PricePart {
  unit: 'day' | 'month';
  amount: number | null;
}

/**
 * The prices shown for a business model: 22 shows the day price per day and the month price per month;
 * 23 and 27 the day price; 24 and 25 the month price. An unknown model shows nothing.
 */
export function priceDisplay(model: number, prices: Prices): PricePart[] {
  const day: PricePart = { unit: 'day', amount: prices.day ?? null };
  const month: PricePart = { unit: 'month', amount: prices.month ?? null };
  switch (model) {
    case 22:
      return [day, month];
    case 23:
    case 27:
      return [day];
    case 24:
    case 25:
      return [month];
    default:
      return [];
  }
}
