import { addDaysToDay, addMonthsToDay } from '../http/upkeep.ts';
import { codeTable } from './code-table.ts';

/**
 * Renewing the connectivity service of machines and SIM cards (docs/decisions/044-finance-renewals-ledger.md).
 * An order is made pending, then settled by a payment (recorded by the operator's finance now, notified by a
 * payment provider later), failed when it cannot be applied, or cancelled before it is paid.
 */
export const RENEWAL_ITEM_KINDS = ['device', 'sim'] as const;
export type RenewalItemKind = (typeof RENEWAL_ITEM_KINDS)[number];
export const RENEWAL_ITEM_KIND = codeTable('renewals:kind', [
  ['device', 'device', 'blue'],
  ['sim', 'sim', 'cyan'],
]);

export const RENEWAL_STATES = ['pending', 'renewed', 'failed', 'cancelled'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];
export const RENEWAL_STATE = codeTable('renewals:state', [
  ['pending', 'pending', 'gold'],
  ['renewed', 'renewed', 'green'],
  ['failed', 'failed', 'red'],
  ['cancelled', 'cancelled', 'default'],
]);

/** How an order was paid: recorded by finance (a transfer it saw), or notified by a payment provider. */
export const RENEWAL_PAYMENT_METHODS = ['recorded', 'provider'] as const;
export type RenewalPaymentMethod = (typeof RENEWAL_PAYMENT_METHODS)[number];

/** The periods a service is renewed for, in months; each has its price per machine and per card. */
export const RENEWAL_MONTHS = [1, 3, 6, 12] as const;
export type RenewalMonths = (typeof RENEWAL_MONTHS)[number];

/**
 * The order's state machine, declared once: the server refuses what it does not allow and the console offers
 * only what it allows. `pay` settles (the new expiries apply, or the order fails with 'renewal failed' when one
 * of its items cannot be renewed any more); `cancel` needs a reason.
 */
export const RENEWAL_FLOW = {
  pay: { from: ['pending'], to: 'renewed' },
  cancel: { from: ['pending'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly RenewalState[]; to: RenewalState }>;
export type RenewalAction = keyof typeof RENEWAL_FLOW;
export const RENEWAL_ACTIONS_OF = Object.keys(RENEWAL_FLOW) as [RenewalAction, ...RenewalAction[]];

export const renewalAllows = (action: RenewalAction, state: RenewalState): boolean =>
  (RENEWAL_FLOW[action].from as readonly RenewalState[]).includes(state);

/**
 * The new last day of a service renewed for `months` on `today`: its last day moves `months` calendar months later
 * (a day the month lacks falls back to its last: 31 January + 1 month is 28 or 29 February); a stopped service
 * restarts today, as if it had run to yesterday.
 */
export function renewedExpiry(previous: string | null, today: string, months: number): string {
  const yesterday = addDaysToDay(today, -1);
  const base = previous && previous > yesterday ? previous : yesterday;
  return addMonthsToDay(base, months);
}
