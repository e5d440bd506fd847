import { codeTable } from './code-table.ts';

/**
 * Charges beyond rent and credit notes (docs/decisions/074-charges-and-credit-notes.md): the kinds, how a charge is
 * billed, its states and the moves between them, and pricing by distance band. Pure, in integer cents; shared by the
 * server, the seed, the console and the tests.
 */

export const CHARGE_KINDS = ['delivery', 'collection', 'cleaning', 'damage', 'fuel', 'accessory', 'other'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
export const CHARGE_KIND = codeTable('charges:kind', [
  ['delivery', 'delivery', 'blue'],
  ['collection', 'collection', 'geekblue'],
  ['cleaning', 'cleaning', 'cyan'],
  ['damage', 'damage', 'red'],
  ['fuel', 'fuel', 'orange'],
  ['accessory', 'accessory', 'purple'],
  ['other', 'other', 'default'],
]);
/** The kinds a price list entry may price by distance band: the trips. */
export const BANDED_KINDS: readonly ChargeKind[] = ['delivery', 'collection'];

/** `next`: the next bill the billing pass issues for the contract carries it; `now`: a bill of its own at once. */
export const CHARGE_BILLINGS = ['next', 'now'] as const;
export type ChargeBilling = (typeof CHARGE_BILLINGS)[number];
export const CHARGE_BILLING = codeTable('charges:billing', [
  ['next', 'next', 'blue'],
  ['now', 'now', 'purple'],
]);

export const CHARGE_STATES = ['pending', 'billed', 'cancelled'] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];
export const CHARGE_STATE = codeTable('charges:state', [
  ['pending', 'pending', 'gold'],
  ['billed', 'billed', 'green'],
  ['cancelled', 'cancelled', 'default'],
]);

/**
 * The moves of a charge, each from the states it may leave:
 * - `bill` (the billing pass's next bill for the contract, or `billNow`): pending → billed. The charge names its bill,
 *   the bill's amount includes it and the bill's ledger row carries it. Never twice: only a pending charge is billed.
 * - `cancel` (with a reason): pending → cancelled. Nothing was billed, nothing is. A billed charge is corrected by a
 *   credit note on its bill instead.
 * - `release` (its bill voided): billed → pending, no bill named. The re-issued bill (void with re-issue) or the
 *   contract's next bill carries it again; a charge billed at once is billed at once again or cancelled.
 */
export const CHARGE_MOVES = {
  bill: { from: ['pending'], to: 'billed' },
  cancel: { from: ['pending'], to: 'cancelled' },
  release: { from: ['billed'], to: 'pending' },
} as const satisfies Record<string, { from: readonly ChargeState[]; to: ChargeState }>;
export type ChargeMove = keyof typeof CHARGE_MOVES;

/** The state a move leads to from `state`, or null when the move is refused there. */
export function chargeMove(state: ChargeState, move: ChargeMove): ChargeState | null {
  const rule = CHARGE_MOVES[move];
  return (rule.from as readonly ChargeState[]).includes(state) ? rule.to : null;
}

/** How a price list entry prices: one price, or by the distance of the trip. */
export const CHARGE_PRICINGS = ['fixed', 'distance'] as const;
export type ChargePricing = (typeof CHARGE_PRICINGS)[number];
export const CHARGE_PRICING = codeTable('charges:pricing', [
  ['fixed', 'fixed', 'blue'],
  ['distance', 'distance', 'cyan'],
]);

/** A distance band: trips up to `uptoKm` (and beyond the band before) cost `cents`. */
export interface DistanceBand {
  uptoKm: number;
  cents: number;
}

/** The price of a trip of `km` by the bands (ascending), or null past the last band. */
export function bandPrice(bands: readonly DistanceBand[], km: number): number | null {
  const band = [...bands].sort((a, b) => a.uptoKm - b.uptoKm).find((b) => km <= b.uptoKm);
  return band ? band.cents : null;
}

/** The most a charge, a credit note or a price may be: 10,000,000.00. */
export const MAX_CHARGE_CENTS = 1_000_000_000;
