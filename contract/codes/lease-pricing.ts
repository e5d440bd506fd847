import { priceDisplay } from './business-models.ts';

/**
 * What a contract line of each business model costs over the planned lease, in integer cents
 * (docs/decisions/029-lease-contracts.md). The prices a model shows (priceDisplay, spec section 4) are the prices
 * it needs: 22 both, 23 and 27 the day price, 24 and 25 the month price.
 */
export interface LinePrices {
  dayCents: number | null;
  monthCents: number | null;
}

/** The prices a line of this model must carry ([] for a model outside the table). */
export function requiredPrices(model: number): ('day' | 'month')[] {
  return priceDisplay(model, { day: 0, month: 0 }).map((p) => p.unit);
}

const MS_PER_DAY = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;

/** Days of a lease from its first to its last day, both counted (the same day is one day). */
export function leaseDays(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

/** The shortest lease model 27 bills: "daily (over 7 days)" charges at least seven days. */
export const MIN_DAYS_27 = 7;
/** A month of models 22 and 24: thirty days. */
export const DAYS_PER_MONTH = 30;

/** Whole calendar months from `start`, and the days left after them (model 25). */
export function calendarMonths(start: string, end: string): { months: number; days: number; lastMonthDays: number } {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const last = dayNumber(end);
  let months = 0;
  // The last day of the k-th whole month from the start: the day before the same day k months on (a lease from
  // 31 January has its first month end on the last day of February).
  const monthEnd = (k: number) => {
    const length = new Date(Date.UTC(y, m + k, 0)).getUTCDate();
    const next = d > length ? Date.UTC(y, m + k, 1) : Date.UTC(y, m - 1 + k, d);
    return next / MS_PER_DAY - 1;
  };
  while (monthEnd(months + 1) <= last) months += 1;
  const from = monthEnd(months) + 1;
  const next = new Date(from * MS_PER_DAY);
  const lastMonthDays = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  return { months, days: last - from + 1, lastMonthDays };
}

/**
 * A line's amount for one machine over the planned days:
 * - 23 daily: days × day price;
 * - 27 daily over 7 days: as 23, at least seven days;
 * - 24 monthly (30 days): month price per 30 days, the days left at a thirtieth of it each;
 * - 25 monthly (calendar month): month price per calendar month from the start, the days left at the share of
 *   their month;
 * - 22 daily converting to monthly: each 30-day period costs its days at the day price, never more than the
 *   month price (a long lease turns monthly by itself).
 * Rounded to the cent once per line; 0 for a model outside the table.
 */
export function lineAmountCents(model: number, prices: LinePrices, start: string, end: string, count = 1): number {
  const days = leaseDays(start, end);
  if (days <= 0 || count <= 0) return 0;
  const day = prices.dayCents ?? 0;
  const month = prices.monthCents ?? 0;
  let amount: number;
  switch (model) {
    case 23:
      amount = days * day;
      break;
    case 27:
      amount = Math.max(days, MIN_DAYS_27) * day;
      break;
    case 24:
      amount = Math.floor(days / DAYS_PER_MONTH) * month + ((days % DAYS_PER_MONTH) * month) / DAYS_PER_MONTH;
      break;
    case 25: {
      const { months, days: rest, lastMonthDays } = calendarMonths(start, end);
      amount = months * month + (rest * month) / lastMonthDays;
      break;
    }
    case 22: {
      const full = Math.floor(days / DAYS_PER_MONTH);
      const rest = days % DAYS_PER_MONTH;
      amount = full * Math.min(DAYS_PER_MONTH * day, month) + Math.min(rest * day, month);
      break;
    }
    default:
      return 0;
  }
  return Math.round(amount) * count;
}

/** Cents as a decimal amount with two places and thousands separators: 1234567 → "12,345.67". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const units = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${units}.${String(abs % 100).padStart(2, '0')}`;
}
