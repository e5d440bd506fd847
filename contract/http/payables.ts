import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { isDeskMethod, RECEIPT_METHODS } from '../codes/lease-billing.ts';
import { LEASE_MANAGER_ROLES } from '../codes/lease-flow.ts';
import { moneyFormat, moneyTotal } from '../codes/money.ts';
import { ROLE } from '../codes/roles.ts';
import { subleaseCostCents, type SubleaseTerms } from '../lease/sublease-cost.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, pageQuery, paged } from './fields.ts';

/**
 * What a rental company owes its sub-lessors for the machines it rents in (issue 35;
 * docs/decisions/079-sublessor-payables.md): a payable per sub-lease per month, issued by the scheduler on the
 * company's day once the month (or the sub-lease) is over, the payments recorded against it and their voids. Money is
 * integer cents of the company's brand's currency; days `YYYY-MM-DD`. Scope `organisation` on the company that rents
 * in: its administrator and staff their own, the operator's finance every company's (read only).
 */

/** Who reads payables: the operator's finance, the rental company's administrator and staff. */
export const PAYABLE_READERS = [ROLE.finance, ...LEASE_MANAGER_ROLES] as const;
/** Who records and voids payments and voids payables: the rental company's administrator and staff. */
export const PAYABLE_WRITERS = LEASE_MANAGER_ROLES;

/** Days after the last day a payable charges for that it falls due. */
export const PAYABLE_DUE_DAYS = 15;
/** The largest payment recorded at once: 100 million in the currency's units. */
export const MAX_PAYMENT_CENTS = 10_000_000_000;

export const PAYABLE_STATES = ['open', 'partlyPaid', 'paid', 'void'] as const;
export type PayableState = (typeof PAYABLE_STATES)[number];

export const PAYABLE_STATE = codeTable('payables:state', [
  ['open', 'open', 'gold'],
  ['partlyPaid', 'partlyPaid', 'orange'],
  ['paid', 'paid', 'green'],
  ['void', 'void', 'default'],
]);

export const PAYMENT_STATES = ['live', 'void'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE = codeTable('payables:paymentState', [
  ['live', 'live', 'blue'],
  ['void', 'void', 'default'],
]);

/** A payable's state from its figures: a voided one stays void; otherwise by what its live payments paid. */
export function payableState(p: { amountCents: number; paidCents: number; voided: boolean }): PayableState {
  if (p.voided) return 'void';
  if (p.paidCents >= p.amountCents) return 'paid';
  return p.paidCents > 0 ? 'partlyPaid' : 'open';
}

const DAY = 86_400_000;
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** A sub-lease's month of a payable: its days within the month and what they cost. */
export interface PayableMonth {
  month: string;
  fromOn: string;
  toOn: string;
  amountCents: number;
}

/**
 * The months a sub-lease owes on `today` (the company's day): each calendar month of the sub-lease whose last day
 * (the month's, or the sub-lease's last: the return day, or the agreed end while rented in) is before today, with its
 * days' cost (contract/lease/sublease-cost.ts, cumulative, so the months add up to the whole cost); months of no cost
 * are left out.
 */
export function owedMonths(terms: SubleaseTerms, today: string): PayableMonth[] {
  const last = terms.returnedOn ?? terms.endOn;
  const months: PayableMonth[] = [];
  for (let month = terms.startOn.slice(0, 7); month <= last.slice(0, 7); month = nextMonth(month)) {
    const fromOn = `${month}-01` > terms.startOn ? `${month}-01` : terms.startOn;
    const end = monthEnd(month);
    const toOn = end < last ? end : last;
    if (toOn >= today) break;
    const amountCents = subleaseCostCents(terms, { from: fromOn, to: toOn });
    if (amountCents > 0) months.push({ month, fromOn, toOn, amountCents });
  }
  return months;
}

/** A payable's number: YF-<sub-lease number>-<YYYYMM>. */
export const payableNumber = (subleaseNumber: string, month: string) =>
  `YF-${subleaseNumber}-${month.replace('-', '')}`;

/** The day a payable falls due: PAYABLE_DUE_DAYS after the last day it charges for. */
export const payableDueOn = (toOn: string) =>
  new Date(Date.parse(`${toOn}T00:00:00Z`) + PAYABLE_DUE_DAYS * DAY).toISOString().slice(0, 10);

const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const optionalId = z.coerce.number().int().positive().optional();
const filterMonth = z
  .string()
  .trim()
  .max(7)
  .refine((v) => v === '' || /^\d{4}-(0[1-9]|1[0-2])$/.test(v), { error: 'validation.invalid' })
  .optional();
const reason = z
  .string({ error: 'payables.reasonRequired' })
  .trim()
  .min(1, { error: 'payables.reasonRequired' })
  .max(200, { error: 'validation.tooLong' });

export const payablePayForm = z.object({
  payableId: id,
  amountCents: z
    .number({ error: 'payables.amountRequired' })
    .int({ error: 'payables.amountRequired' })
    .positive({ error: 'payables.amountRequired' })
    .max(MAX_PAYMENT_CENTS, { error: 'validation.invalid' }),
  paidOn: z.string({ error: 'payables.dayRequired' }).trim().refine(isDay, { error: 'payables.dayRequired' }),
  method: z
    .enum(RECEIPT_METHODS, { error: 'payables.methodRequired' })
    .refine(isDeskMethod, { error: 'billing.methodOnline' }),
  reference: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  note: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
});
export type PayablePayForm = z.infer<typeof payablePayForm>;

export const paymentVoidForm = z.object({
  paymentId: id,
  reason,
});
export type PaymentVoidForm = z.infer<typeof paymentVoidForm>;

export const payableVoidForm = z.object({
  payableId: id,
  reason,
});
export type PayableVoidForm = z.infer<typeof payableVoidForm>;

export const payableRow = z.object({
  id: z.number().int(),
  /** YF-<sub-lease number>-<YYYYMM>. */
  number: z.string(),
  subleaseId: z.number().int(),
  subleaseNumber: z.string(),
  sublessorId: z.number().int(),
  sublessorName: z.string(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  /** The month it charges for, `YYYY-MM`, and its days within that month. */
  month: z.string(),
  fromOn: z.string(),
  toOn: z.string(),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  /** What is still owed (0 once paid or void). */
  outstandingCents: z.number().int(),
  state: z.enum(PAYABLE_STATES),
  issuedOn: z.string(),
  dueOn: z.string(),
  /** Open or partly paid past its due day (the company's day). */
  overdue: z.boolean(),
  lessorName: z.string(),
  /** The company's brand's money (decision 064). */
  money: moneyFormat,
});
export type PayableRow = z.infer<typeof payableRow>;

export const paymentRow = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  paidOn: z.string(),
  method: z.enum(RECEIPT_METHODS),
  reference: z.string(),
  note: z.string(),
  state: z.enum(PAYMENT_STATES),
  voidReason: z.string(),
  userName: z.string(),
  voidedByName: z.string(),
  at: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRow>;

export const payableEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/lease/payables/list.do',
    summary: 'What the company owes its sub-lessors, a payable per sub-lease and month, by state, sub-lessor and month',
    access: { roles: PAYABLE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      state: z.enum(PAYABLE_STATES).optional(),
      sublessorId: optionalId,
      subleaseId: optionalId,
      fromMonth: filterMonth,
      toMonth: filterMonth,
      overdue: z.enum(['1']).optional(),
    }),
    body: noInput,
    response: paged(payableRow).extend({
      /** The filtered payables (void ones left out) added up per currency. */
      totals: z.object({
        amount: z.array(moneyTotal),
        paid: z.array(moneyTotal),
        outstanding: z.array(moneyTotal),
      }),
    }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/lease/payables/detail.do',
    summary: 'A payable with its payments, its void and what the user may do',
    access: { roles: PAYABLE_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: z.object({
      payable: payableRow,
      payments: z.array(paymentRow),
      voidReason: z.string(),
      voidedByName: z.string(),
      mayWrite: z.boolean(),
      /** The company's calendar day now: the default day of a payment. */
      today: z.string(),
    }),
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: '/lease/payables/pay.do',
    summary: 'Record a payment to the sub-lessor against a payable: at most what it still owes',
    access: { roles: PAYABLE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: payablePayForm,
    response: z.object({ id: z.number().int() }),
  }),
  voidPayment: defineEndpoint({
    method: 'POST',
    path: '/lease/payables/voidPayment.do',
    summary: 'Void a payment recorded against a payable, with the reason: what it paid is owed again',
    access: { roles: PAYABLE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: paymentVoidForm,
    response: z.object({ id: z.number().int() }),
  }),
  void: defineEndpoint({
    method: 'POST',
    path: '/lease/payables/void.do',
    summary: 'Void a payable nothing is paid on, with the reason: the month is no longer owed',
    access: { roles: PAYABLE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: payableVoidForm,
    response: z.object({ id: z.number().int() }),
  }),
};
