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

/** A span of days on lease and the line's prices: what each model's function prices. */
export interface PricedSpan {
  start: string;
  end: string;
  day: number;
  month: number;
}

/**
 * One function per business model (spec section 4; docs/decisions/029 and 036), each the unrounded amount of one
 * machine over `start`..`end`, both days counted.
 */
export const MODEL_PRICING = {
  /** 22 daily converting to monthly: each 30-day block costs its days at the day price, never more than a month. */
  22: ({ start, end, day, month }: PricedSpan) => {
    const days = leaseDays(start, end);
    const full = Math.floor(days / DAYS_PER_MONTH);
    return full * Math.min(DAYS_PER_MONTH * day, month) + Math.min((days % DAYS_PER_MONTH) * day, month);
  },
  /** 23 daily: days × day price. */
  23: ({ start, end, day }: PricedSpan) => leaseDays(start, end) * day,
  /** 24 monthly (30 days): the month price per 30 days, the days left at a thirtieth of it each. */
  24: ({ start, end, month }: PricedSpan) => {
    const days = leaseDays(start, end);
    return Math.floor(days / DAYS_PER_MONTH) * month + ((days % DAYS_PER_MONTH) * month) / DAYS_PER_MONTH;
  },
  /**
   * 25 monthly (calendar month): each calendar month the lease touches costs the month price times the share of
   * its days on lease (15 March to 30 April: 17/31 of a month and all of April), as rental companies bill calendar
   * months (decision 036).
   */
  25: ({ start, end, month }: PricedSpan) => {
    let amount = 0;
    for (let first = start; first <= end;) {
      const [y, m] = first.split('-').map(Number) as [number, number];
      const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const monthEnd = `${first.slice(0, 8)}${String(length).padStart(2, '0')}`;
      const last = monthEnd < end ? monthEnd : end;
      amount += (leaseDays(first, last) * month) / length;
      first = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
    }
    return amount;
  },
  /** 27 daily (over 7 days): as 23, at least seven days. */
  27: ({ start, end, day }: PricedSpan) => Math.max(leaseDays(start, end), MIN_DAYS_27) * day,
} as const;
export type PricedModel = keyof typeof MODEL_PRICING;

export const isPricedModel = (model: number): model is PricedModel => model in MODEL_PRICING;

/**
 * A line's amount for one machine over the planned days (MODEL_PRICING), rounded to the cent once per line and
 * times the line's count; 0 for a model outside the table.
 */
export function lineAmountCents(model: number, prices: LinePrices, start: string, end: string, count = 1): number {
  if (leaseDays(start, end) <= 0 || count <= 0 || !isPricedModel(model)) return 0;
  const span = { start, end, day: prices.dayCents ?? 0, month: prices.monthCents ?? 0 };
  return Math.round(MODEL_PRICING[model](span)) * count;
}

/** Cents as a decimal amount with two places and thousands separators: 1234567 → "12,345.67". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const units = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${units}.${String(abs % 100).padStart(2, '0')}`;
}
