import { codeTable } from './code-table.ts';
import { isPricedModel, leaseDays, MODEL_PRICING, type LinePrices } from './lease-pricing.ts';

/**
 * Billing a machine's time on lease (docs/decisions/036-lease-billing.md): which days a bill covers and what it
 * costs. Pure, in integer cents and `YYYY-MM-DD` days, shared by the server's issuing, the seed and the tests.
 */

export const BILL_STATES = ['open', 'partlyPaid', 'paid', 'void'] as const;
export const BILL_KINDS = ['cycle', 'exit', 'opening', 'charge'] as const;
export const RECEIPT_METHODS = ['transfer', 'cash', 'cheque', 'wechat', 'alipay', 'other', 'online'] as const;
/**
 * `online`: money a renter paid through the payment provider (decision 077), written only by its payment; the desk
 * never picks it by hand (its forms refuse it, `billing.methodOnline`).
 */
export const DESK_RECEIPT_METHODS = RECEIPT_METHODS.filter(
  (m): m is Exclude<(typeof RECEIPT_METHODS)[number], 'online'> => m !== 'online',
);
/** Whether the desk may enter this method by hand (every method but `online`). */
export const isDeskMethod = (method: string): boolean => method !== 'online';
export const LEDGER_TYPES = [
  'bill',
  'receipt',
  'receiptVoid',
  'billVoid',
  'opening',
  'overtimeAdjust',
  // Part of a held deposit paid a bill of its contract (decision 073).
  'depositApplied',
  // A credit note took its amount off a bill (decision 074).
  'creditNote',
] as const;

export const BILL_STATE = codeTable('lease-billing:billState', [
  ['open', 'open', 'gold'],
  ['partlyPaid', 'partlyPaid', 'orange'],
  ['paid', 'paid', 'green'],
  ['void', 'void', 'default'],
]);
export type BillState = (typeof BILL_STATES)[number];

/**
 * `cycle`: the contract's billing day, for the period just ended; `exit`: a machine's last part at its return;
 * `opening`: what a renter owed the rental company before its billing moved here (no contract, no lines).
 */
export const BILL_KIND = codeTable('lease-billing:billKind', [
  ['cycle', 'cycle', 'blue'],
  ['exit', 'exit', 'purple'],
  ['opening', 'opening', 'cyan'],
  // A charge billed at once, on a bill of its own (decision 074).
  ['charge', 'charge', 'magenta'],
]);
export type BillKind = (typeof BILL_KINDS)[number];

/** How money was received. */
export const RECEIPT_METHOD = codeTable('lease-billing:receiptMethod', [
  ['transfer', 'transfer', 'blue'],
  ['cash', 'cash', 'green'],
  ['cheque', 'cheque', 'purple'],
  ['wechat', 'wechat', 'cyan'],
  ['alipay', 'alipay', 'geekblue'],
  ['other', 'other', 'default'],
  ['online', 'online', 'magenta'],
]);
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

/** The bill record ledger's entries: a bill raises what the renter owes, a receipt lowers it, a void undoes one
 * (`receiptVoid` adds a voided receipt back, `billVoid` takes a voided bill off); `opening` brings a renter's
 * balance forward from before (an opening balance bill); `overtimeAdjust` changes a bill's overtime (decision 070). */
export const LEDGER_TYPE = codeTable('lease-billing:ledgerType', [
  ['bill', 'bill', 'gold'],
  ['receipt', 'receipt', 'green'],
  ['receiptVoid', 'receiptVoid', 'red'],
  ['billVoid', 'billVoid', 'default'],
  ['opening', 'opening', 'cyan'],
  ['overtimeAdjust', 'overtimeAdjust', 'orange'],
  ['depositApplied', 'depositApplied', 'purple'],
  ['creditNote', 'creditNote', 'magenta'],
]);
export type LedgerType = (typeof LEDGER_TYPES)[number];

const MS_PER_DAY = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fromDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number) => toDay(fromDay(day) + n * MS_PER_DAY);
const minDay = (a: string, b: string) => (a < b ? a : b);

/**
 * The contract's billing days after `after` up to and including `today`, oldest first: the day of the month
 * `billingDay` (1-28) of each month. Each issues the bill of the period that ended the day before.
 */
export function billingDaysBetween(after: string, today: string, billingDay: number): string[] {
  const days: string[] = [];
  let [y, m] = after.split('-').map(Number) as [number, number];
  for (;;) {
    const day = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(billingDay).padStart(2, '0')}`;
    if (day > today) return days;
    if (day > after) days.push(day);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** A machine's lease period as billing needs it, with what earlier bills already covered. */
export interface BilledPeriod {
  startOn: string;
  /** The last day on lease; null while on lease. */
  endOn: string | null;
  businessModel: number;
  prices: LinePrices;
  /** The last day an earlier bill covered, or null; and what those bills charged together. */
  billedThrough: string | null;
  billedCents: number;
  /**
   * The machine stayed on lease past `endOn`: a contract change repriced its line and a new period goes on from the
   * next day (decision 041). Such a period is not a return, so 27's seven-day minimum does not apply to it.
   */
  continued?: boolean;
}

/**
 * What the period has cost from its start through `through`. A period that has ended at `through` is priced as
 * the whole lease (27's seven-day minimum applies then); one still running is priced as its days so far, the
 * minimum left for the bill at its return.
 */
export function amountThrough(period: BilledPeriod, through: string): number {
  const model = period.businessModel;
  if (!isPricedModel(model) || leaseDays(period.startOn, through) <= 0) return 0;
  const span = {
    start: period.startOn,
    end: through,
    day: period.prices.dayCents ?? 0,
    month: period.prices.monthCents ?? 0,
  };
  const ended = period.endOn !== null && !period.continued && through >= period.endOn;
  const amount = model === 27 && !ended ? MODEL_PRICING[23](span) : MODEL_PRICING[model](span);
  return Math.round(amount);
}

/** The line of a bill for one period: the days it covers and their amount. */
export interface BillPart {
  fromOn: string;
  toOn: string;
  days: number;
  amountCents: number;
}

/**
 * The part of a period a bill through `through` charges, or null when there is nothing new. The amount is the
 * cumulative price through the bill's last day less what earlier bills charged, so the bills of a period always
 * add up to the price of the whole lease, whatever the days at which they were cut (decision 036). A machine's
 * bills stop at its exit (`endOn`).
 */
export function billPart(period: BilledPeriod, through: string): BillPart | null {
  const toOn = period.endOn === null ? through : minDay(through, period.endOn);
  if (toOn < period.startOn) return null;
  if (period.billedThrough !== null && toOn <= period.billedThrough) return null;
  const fromOn = period.billedThrough === null ? period.startOn : addDays(period.billedThrough, 1);
  return {
    fromOn,
    toOn,
    days: leaseDays(fromOn, toOn),
    amountCents: amountThrough(period, toOn) - period.billedCents,
  };
}

/** A bill's state by what was paid on it. */
export function billState(amountCents: number, paidCents: number): BillState {
  if (paidCents <= 0 && amountCents > 0) return 'open';
  return paidCents >= amountCents ? 'paid' : 'partlyPaid';
}

/** Whole days a bill due on `dueOn` is overdue on `today` (0 while not yet past due). */
export function daysOverdue(dueOn: string, today: string): number {
  return Math.max(0, leaseDays(dueOn, today) - 1);
}
