import { z } from 'zod';
import { BILL_KINDS, BILL_STATES, isDeskMethod, LEDGER_TYPES, RECEIPT_METHODS } from '../codes/lease-billing.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { moneyFormat, moneyTotal } from '../codes/money.ts';
import { arrearsPreviewRow } from './risk.ts';
import { idParam, pageQuery, paged } from './fields.ts';
import {
  ARREARS_EXEMPTERS,
  BILL_READERS,
  BILL_RUNNERS,
  BILL_VOIDERS,
  OPENING_WRITERS,
  OVERTIME_ADJUSTERS,
  RECEIPT_WRITERS,
} from '../access/lease-billing.ts';
import { overtimeAdjustInput } from '../lease/overtime.ts';

/**
 * Bills, receipts, the bill record and arrears (issue 13; docs/decisions/036-lease-billing.md). Money is integer
 * cents; days are `YYYY-MM-DD`. Scope `organisation`: a lessor's people see their lessor's, the operator's finance
 * every lessor's, a renter's users their own organisation's.
 */

/** A filter's day: '' or a real `YYYY-MM-DD`. */
const filterDay = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isDay(v), { error: 'validation.invalid' })
  .optional();
const optionalId = z.coerce.number().int().positive().optional();

export const billRow = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(BILL_KINDS),
  /** None for an opening balance. */
  contractId: z.number().int().nullable(),
  contractNumber: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  lessorName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  unpaidCents: z.number().int(),
  state: z.enum(BILL_STATES),
  /** Days past its due day while unpaid (0 otherwise), on the lessor's today. */
  daysOverdue: z.number().int(),
  /** A voided bill: why, when and by whom ('' otherwise). */
  voidReason: z.string(),
  voidedAt: z.string(),
  voidedByName: z.string(),
  /** The user may void it (administrator of its lessor; open, nothing allocated). */
  voidable: z.boolean(),
  /** What was written of an opening balance ('' for other bills). */
  note: z.string(),
  /** A machine of the bill with an hours allowance reported no hours in its days: no overtime billed (decision 070). */
  hoursMissing: z.boolean(),
  /** The currency of its amounts: its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type BillRow = z.infer<typeof billRow>;

export const billLineRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  businessModel: z.number().int(),
  dayCents: z.number().int().nullable(),
  monthCents: z.number().int().nullable(),
  fromOn: z.string(),
  toOn: z.string(),
  days: z.number().int(),
  amountCents: z.number().int(),
});
export type BillLine = z.infer<typeof billLineRow>;

/** An adjustment of an overtime line: from and to what, why, who and when. */
export const overtimeAdjustmentRow = z.object({
  fromTenths: z.number().int(),
  toTenths: z.number().int(),
  fromCents: z.number().int(),
  toCents: z.number().int(),
  reason: z.string(),
  userName: z.string(),
  at: z.string(),
});

/**
 * A machine's overtime on a bill (decision 070): the allowance prorated over its days, the hours measured (null:
 * none reported, nothing billed), the overtime hours billed and their amount; hours in tenths.
 */
export const overtimeLineRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  fromOn: z.string(),
  toOn: z.string(),
  allowanceTenths: z.number().int(),
  measuredTenths: z.number().int().nullable(),
  computedTenths: z.number().int(),
  hoursTenths: z.number().int(),
  priceCents: z.number().int(),
  amountCents: z.number().int(),
  adjustments: z.array(overtimeAdjustmentRow),
  /** The user may adjust it (the bill's lessor's administrator or staff; the bill open and unpaid). */
  adjustable: z.boolean(),
});
export type OvertimeLine = z.infer<typeof overtimeLineRow>;

/** The adjustment form: hours as the console shows them (one decimal); the body sends tenths. */
export { overtimeAdjustInput };

const allocationRow = z.object({
  receiptId: z.number().int(),
  billId: z.number().int(),
  billNumber: z.string(),
  receivedOn: z.string(),
  method: z.enum(RECEIPT_METHODS),
  reference: z.string(),
  amountCents: z.number().int(),
  /** Its receipt was voided: the allocation is history, not money. */
  voided: z.boolean(),
});
export type AllocationRow = z.infer<typeof allocationRow>;

export const receiptRow = z.object({
  id: z.number().int(),
  renterId: z.number().int(),
  renterName: z.string(),
  lessorName: z.string(),
  amountCents: z.number().int(),
  /** What it paid on bills; the rest waits for the next bill. */
  allocatedCents: z.number().int(),
  method: z.enum(RECEIPT_METHODS),
  receivedOn: z.string(),
  reference: z.string(),
  note: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  voided: z.boolean(),
  voidReason: z.string(),
  voidedAt: z.string(),
  voidedByName: z.string(),
  allocations: z.array(allocationRow),
  /** The user may void it. */
  voidable: z.boolean(),
  /** The currency of its amounts: its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type ReceiptRow = z.infer<typeof receiptRow>;

export const ledgerRow = z.object({
  id: z.number().int(),
  renterId: z.number().int(),
  renterName: z.string(),
  lessorName: z.string(),
  type: z.enum(LEDGER_TYPES),
  billId: z.number().int().nullable(),
  receiptId: z.number().int().nullable(),
  /** The bill's number, or the receipt's reference. */
  subject: z.string(),
  /** The bill's period, the receipt's method, or the void's reason. */
  detail: z.string(),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  day: z.string(),
  createdAt: z.string(),
  /** A bill's row: a machine of the bill reported no working hours, so its overtime is not billed (decision 070). */
  hoursMissing: z.boolean(),
  /** The currency of its amounts: its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type LedgerRowData = z.infer<typeof ledgerRow>;

export const arrearsRow = z.object({
  /** `renterId-contractId`: one row per renter and contract (`renterId-opening`: its opening balance). */
  key: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  /** None: the renter's opening balance, which moves no machine. */
  contractId: z.number().int().nullable(),
  contractNumber: z.string(),
  lessorName: z.string(),
  /** Unpaid past due, bills overdue, the oldest due day among them and its days overdue. */
  overdueCents: z.number().int(),
  bills: z.number().int(),
  oldestDueOn: z.string(),
  daysOverdue: z.number().int(),
  /** The arrears step the contract has reached (decision 039): -1 none, 0 reminder, 1-4 LOCK_LEVEL. */
  step: z.number().int(),
  /** An administrator exempted the contract from arrears locking, and why. */
  exempt: z.boolean(),
  exemptReason: z.string(),
  /** The currency of its amounts: its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type ArrearsRow = z.infer<typeof arrearsRow>;

/** A receipt as the form sends it (the form types yuan and sends cents). */
export const receiptForm = z.object({
  renterId: z.number({ error: 'billing.renterRequired' }).int().positive({ error: 'billing.renterRequired' }),
  amountCents: z
    .number({ error: 'billing.amountRequired' })
    .int({ error: 'billing.amountRequired' })
    .positive({ error: 'billing.amountRequired' })
    .max(100_000_000_00, { error: 'validation.invalid' }),
  // `online` is written by a renter's payment through the provider, never entered at the desk (decision 077).
  method: z
    .enum(RECEIPT_METHODS, { error: 'billing.methodRequired' })
    .refine(isDeskMethod, { error: 'billing.methodOnline' }),
  receivedOn: z.string({ error: 'billing.dayRequired' }).trim().refine(isDay, { error: 'billing.dayRequired' }),
  reference: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  note: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
});

/**
 * An opening balance: what the renter owed on `asOf`, the rental company's last day before its billing moved
 * here, due on `dueOn` (that day or later; past it, it is in arrears).
 */
export const openingForm = z
  .object({
    renterId: z.number({ error: 'billing.renterRequired' }).int().positive({ error: 'billing.renterRequired' }),
    amountCents: z
      .number({ error: 'billing.openingAmountRequired' })
      .int({ error: 'billing.openingAmountRequired' })
      .positive({ error: 'billing.openingAmountRequired' })
      .max(100_000_000_00, { error: 'validation.invalid' }),
    asOf: z.string({ error: 'billing.asOfRequired' }).trim().refine(isDay, { error: 'billing.asOfRequired' }),
    dueOn: z.string({ error: 'billing.dueRequired' }).trim().refine(isDay, { error: 'billing.dueRequired' }),
    note: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
  })
  .refine((v) => v.dueOn >= v.asOf, { path: ['dueOn'], error: 'billing.dueBeforeAsOf' });

export const voidForm = z.object({
  id: idParam,
  reason: z
    .string({ error: 'billing.reasonRequired' })
    .trim()
    .min(1, { error: 'billing.reasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});

/** Void a bill with a reason; `reissue` gives its days back to billing and issues them again now. */
export const billVoidForm = z.object({
  id: idParam,
  reason: z
    .string({ error: 'billing.billReasonRequired' })
    .trim()
    .min(1, { error: 'billing.billReasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
  reissue: z.boolean().default(false),
});

const dayRange = { from: filterDay, to: filterDay };

export const exemptForm = z.object({
  contractId: idParam,
  reason: z
    .string({ error: 'billing.exemptReasonRequired' })
    .trim()
    .min(1, { error: 'billing.exemptReasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});

/** A contract's arrears as its detail page shows them. */
export const contractArrears = z.object({
  contractId: z.number().int(),
  overdueCents: z.number().int(),
  daysOverdue: z.number().int(),
  /** -1 none, 0 reminder, 1-4 LOCK_LEVEL (decision 039). */
  step: z.number().int(),
  exempt: z.boolean(),
  exemptReason: z.string(),
  exemptByName: z.string(),
  exemptAt: z.string(),
  /** The user may exempt the contract or lift its exemption. */
  mayExempt: z.boolean(),
  /** The lessor's arrears locking is on: `nextSteps` are what it will do. */
  lockingOn: z.boolean(),
  /** The steps arrears would take on the contract within 30 days, under the lessor's settings (decision 039). */
  nextSteps: z.array(arrearsPreviewRow),
  /** The currency of its amounts: its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type ContractArrears = z.infer<typeof contractArrears>;

export const billingEndpoints = {
  renters: defineEndpoint({
    method: 'GET',
    path: '/lease/billing/renters.do',
    summary: 'The renters whose bills the user sees, with what each owes past due (for pickers and filters)',
    access: { roles: BILL_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({
      list: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          lessorName: z.string(),
          arrearsCents: z.number().int(),
          /** The lessor's calendar day now (`YYYY-MM-DD`): a receipt's day received unless told otherwise. */
          today: z.string(),
          /** The currency of its arrears and of a receipt from it: its lessor's brand's money (decision 064). */
          money: moneyFormat,
        }),
      ),
    }),
  }),
  billList: defineEndpoint({
    method: 'GET',
    path: '/lease/bill/list.do',
    summary: 'Bills by renter, contract, state and issue day, oldest due first',
    access: { roles: BILL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      renterId: optionalId,
      contractId: optionalId,
      state: z.enum(BILL_STATES).optional(),
      /** Only bills not yet paid in full. */
      unpaid: z.coerce.number().int().min(0).max(1).optional(),
      ...dayRange,
    }),
    body: noInput,
    response: paged(billRow),
  }),
  billDetail: defineEndpoint({
    method: 'GET',
    path: '/lease/bill/detail.do',
    summary: 'A bill with its lines (one per machine period) and the receipts that paid it',
    access: { roles: BILL_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: z.object({
      bill: billRow,
      lines: z.array(billLineRow),
      allocations: z.array(allocationRow),
      /** One per machine part whose line has an hours allowance (decision 070). */
      overtime: z.array(overtimeLineRow),
    }),
  }),
  overtimeAdjust: defineEndpoint({
    method: 'POST',
    path: '/lease/bill/overtime.do',
    summary: "Adjust a bill's overtime line: the overtime hours to bill and the reason (kept with who and when)",
    access: { roles: OVERTIME_ADJUSTERS },
    scope: 'organisation',
    query: noInput,
    body: overtimeAdjustInput,
    response: z.object({ id: z.number().int(), amountCents: z.number().int() }),
  }),
  billVoid: defineEndpoint({
    method: 'POST',
    path: '/lease/bill/void.do',
    summary: 'Void an open bill no receipt paid, with a reason (it is kept); optionally re-issue its days now',
    access: { roles: BILL_VOIDERS },
    scope: 'organisation',
    query: noInput,
    body: billVoidForm,
    response: z.object({ id: z.number().int(), reissued: z.array(z.number().int()) }),
  }),
  openingCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/bill/opening.do',
    summary: "Bring a renter's balance forward from before: an opening balance bill, paid by receipts like any bill",
    access: { roles: OPENING_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: openingForm,
    response: z.object({ id: z.number().int(), number: z.string() }),
  }),
  receiptList: defineEndpoint({
    method: 'GET',
    path: '/lease/receipt/list.do',
    summary: 'Repayment history: receipts with their allocations, by renter, method, state and day',
    access: { roles: BILL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      renterId: optionalId,
      method: z.enum(RECEIPT_METHODS).optional(),
      voided: z.coerce.number().int().min(0).max(1).optional(),
      ...dayRange,
    }),
    body: noInput,
    response: paged(receiptRow),
  }),
  receiptCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/receipt/create.do',
    summary: "Record money received from a renter; it pays the renter's oldest due bills first",
    access: { roles: RECEIPT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: receiptForm,
    response: z.object({ id: z.number().int(), allocations: z.array(allocationRow) }),
  }),
  receiptVoid: defineEndpoint({
    method: 'POST',
    path: '/lease/receipt/void.do',
    summary: 'Void a receipt with a reason (it is kept); the bills it paid are open again',
    access: { roles: RECEIPT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: voidForm,
    response: z.object({ id: z.number().int() }),
  }),
  ledger: defineEndpoint({
    method: 'GET',
    path: '/lease/ledger/list.do',
    summary: 'The bill record: every bill, receipt and void with the renter’s balance after it',
    access: { roles: BILL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      renterId: optionalId,
      type: z.enum(LEDGER_TYPES).optional(),
      ...dayRange,
    }),
    body: noInput,
    response: paged(ledgerRow),
  }),
  arrears: defineEndpoint({
    method: 'GET',
    path: '/lease/arrears/list.do',
    summary: 'Arrears per renter and contract: unpaid past due, days overdue, with the totals',
    access: { roles: BILL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      renterId: optionalId,
      /** At least this many days overdue. */
      minDays: z.coerce.number().int().min(0).max(10000).optional(),
    }),
    body: noInput,
    response: paged(arrearsRow).extend({
      totals: z.object({
        /** Unpaid past due per currency present, never added across currencies (decision 064). */
        overdue: z.array(moneyTotal),
        renters: z.number().int(),
        contracts: z.number().int(),
      }),
    }),
  }),
  contractArrears: defineEndpoint({
    method: 'GET',
    path: '/lease/arrears/contract.do',
    summary: "A contract's arrears, the arrears step it reached and its exemption from arrears locking",
    access: { roles: BILL_READERS },
    scope: 'organisation',
    query: z.object({ contractId: idParam }),
    body: noInput,
    response: contractArrears,
  }),
  exempt: defineEndpoint({
    method: 'POST',
    path: '/lease/arrears/exempt.do',
    summary: 'Exempt a contract from arrears locking, with the reason (its machines no longer move)',
    access: { roles: ARREARS_EXEMPTERS },
    scope: 'organisation',
    query: noInput,
    body: exemptForm,
    response: contractArrears,
  }),
  liftExemption: defineEndpoint({
    method: 'POST',
    path: '/lease/arrears/lift.do',
    summary: "Lift a contract's exemption from arrears locking (the next scheduler pass moves its machines again)",
    access: { roles: ARREARS_EXEMPTERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ contractId: idParam }),
    response: contractArrears,
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/lease/billing/run.do',
    summary: "Issue a contract's bills due today now (the scheduler does it daily; nothing is issued twice)",
    access: { roles: BILL_RUNNERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ contractId: idParam }),
    response: z.object({ bills: z.number().int(), lines: z.number().int() }),
  }),
};
