import { lineAmountCents } from '../codes/lease-pricing.ts';

/** The terms of a sub-lease that its cost is computed from (db/schema/lease-sublease.ts). */
export interface SubleaseTerms {
  businessModel: number;
  dayCents: number | null;
  monthCents: number | null;
  startOn: string;
  endOn: string;
  returnedOn: string | null;
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * What a machine rented in costs, in integer cents (docs/decisions/042-sub-leasing.md): its price by business model
 * (the contract line's pricing, decision 029) from its first day to its return day, or to its agreed end while it
 * is rented in. Within a range, the cost is cumulative as bills are (decision 036): the cost to the range's last day
 * less the cost to the day before its first, so the months of a sub-lease add up to its whole cost.
 */
export function subleaseCostCents(terms: SubleaseTerms, range?: { from: string; to: string }): number {
  const last = terms.returnedOn ?? terms.endOn;
  const prices = { dayCents: terms.dayCents, monthCents: terms.monthCents };
  const upTo = (day: string) =>
    day < terms.startOn ? 0 : lineAmountCents(terms.businessModel, prices, terms.startOn, day < last ? day : last);
  if (!range) return upTo(last);
  if (range.to < terms.startOn || range.from > last) return 0;
  return upTo(range.to) - upTo(dayBefore(range.from));
}
