import { codeTable } from './code-table.ts';

/**
 * Invoices (spec sections 3, 4, 5; docs/decisions/051-invoices-and-finance-tasks.md): a company asks for an invoice
 * over things it paid (its invoiceable items); the one who was paid issues it by uploading the invoice's PDF.
 */

/**
 * Spec section 4: to be issued, issued. `withdrawn` is the requester's taking back of a request not issued yet: the
 * record and its timeline stay, its items are free to be invoiced again.
 */
export const INVOICE_STATES = ['toBeIssued', 'issued', 'withdrawn'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE = codeTable('invoices:state', [
  ['toBeIssued', 'toBeIssued', 'gold'],
  ['issued', 'issued', 'green'],
  ['withdrawn', 'withdrawn', 'default'],
]);

/**
 * The moves of an invoice, declared once: `issue` uploads its PDF; `replaceFile` puts another PDF in place of an
 * issued one (with a reason, kept in the timeline); `withdraw` takes a request back before it is issued.
 */
export const INVOICE_FLOW = {
  issue: { from: ['toBeIssued'], to: 'issued' },
  replaceFile: { from: ['issued'], to: 'issued' },
  withdraw: { from: ['toBeIssued'], to: 'withdrawn' },
} as const satisfies Record<string, { from: readonly InvoiceState[]; to: InvoiceState }>;
export type InvoiceAction = keyof typeof INVOICE_FLOW;
export const INVOICE_ACTIONS = Object.keys(INVOICE_FLOW) as [InvoiceAction, ...InvoiceAction[]];
export const invoiceAllows = (action: InvoiceAction, state: InvoiceState): boolean =>
  (INVOICE_FLOW[action].from as readonly InvoiceState[]).includes(state);

/**
 * What can be invoiced: a paid lease bill (the renter asks its rental company), a paid renewal order (the rental
 * company asks the operator). The shop's paid orders join as one more source.
 */
export const INVOICE_SOURCES = ['bill', 'renewal', 'shop'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];
export const INVOICE_SOURCE = codeTable('invoices:source', [
  ['bill', 'bill', 'blue'],
  ['renewal', 'renewal', 'cyan'],
  ['shop', 'shop', 'purple'],
]);

/** What the timeline records. */
export const INVOICE_EVENTS = ['requested', 'issued', 'fileReplaced', 'withdrawn'] as const;
export type InvoiceEvent = (typeof INVOICE_EVENTS)[number];

/**
 * The tax an amount paid holds at a rate (percent): the amounts paid include VAT, so the tax is
 * total × rate / (100 + rate), rounded half up to the cent.
 */
export function taxCentsOf(totalCents: number, ratePercent: number): number {
  return Math.round((totalCents * ratePercent) / (100 + ratePercent));
}

/** At most this many items on one invoice. */
export const MAX_INVOICE_ITEMS = 100;
