import { z } from 'zod';
import { moneyFormat } from '../codes/money.ts';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, pageQuery, paged } from './fields.ts';
import { REVENUE_READERS, STATEMENT_READERS } from '../access/lease-revenue.ts';

/**
 * Rental income and revenue analysis, and the monthly usage statement (issue 13; docs/decisions/040-revenue-analysis.md).
 * Income is the bill lines (one machine's days on one bill) of bills not voided; a line belongs to the month of its
 * last billed day. Money is integer cents; every sum is made in SQL on the server.
 */

/** The working day a billed day is measured against for utilisation (hours worked ÷ (days billed × 8)). */
export const WORKDAY_HOURS = 8;
/** The longest range one request covers: two years and a day. */
export const MAX_RANGE_DAYS = 731;
/** Without a range: the last twelve calendar months, this one included. */
export const DEFAULT_RANGE_MONTHS = 12;

const filterDay = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isDay(v), { error: 'revenue.invalidDay' })
  .optional();
const optionalId = z.coerce.number().int().positive().optional();
const month = z
  .string({ error: 'revenue.invalidMonth' })
  .trim()
  .refine((v) => /^\d{4}-\d{2}$/.test(v) && isDay(`${v}-01`), { error: 'revenue.invalidMonth' });

/** The filters the dashboard and the income list share (both days included). */
export const revenueFilter = z.object({
  from: filterDay,
  to: filterDay,
  storeId: optionalId,
  renterId: optionalId,
  salespersonId: optionalId,
  kind: z.union([z.enum(MACHINE_KINDS), z.literal('')]).optional(),
  /**
   * The currency whose companies' figures are answered (ISO 4217; decision 064): figures of two currencies are never
   * added up. None or one not present: the user's company's currency when it is present, else the first present.
   */
  currency: z.union([z.string().regex(/^[A-Z]{3}$/), z.literal('')]).optional(),
});
export type RevenueFilter = z.input<typeof revenueFilter>;

const cents = z.number().int();
const money = z.object({ billedCents: cents, receivedCents: cents });

/** One slice of a breakdown: a store, renter, kind (its code as `key`) or salesperson (0: none). */
const slice = money.extend({ key: z.string(), id: z.number().int(), name: z.string(), lines: z.number().int() });
export type RevenueSlice = z.infer<typeof slice>;

export const machineUse = z.object({
  deviceId: z.number().int(),
  serialNumber: z.string(),
  kind: z.string(),
  daysBilled: z.number().int(),
  hoursWorked: z.number(),
  /** hoursWorked ÷ (daysBilled × WORKDAY_HOURS), 0..; four decimals. */
  utilisation: z.number(),
  billedCents: cents,
  /**
   * A machine rented in (docs/decisions/079-sublessor-payables.md): its payables (not void) whose last day is in the
   * range, and the margin, billed less those payables; absent for a machine of the company's own.
   */
  payableCents: cents.optional(),
  marginCents: cents.optional(),
});
export type MachineUse = z.infer<typeof machineUse>;

/** The currency the figures are in and the currencies of the companies in scope (a choice when several). */
const inCurrency = { money: moneyFormat, currencies: z.array(moneyFormat) };

export const revenueSummary = z.object({
  ...inCurrency,
  range: z.object({ from: z.string(), to: z.string() }),
  totals: money.extend({
    expenseCents: cents,
    /** What the machines rented in cost over the range (docs/decisions/042-sub-leasing.md). */
    subleaseCents: cents,
    /** Billed income less the billed machines' expenses and the sub-lease cost. */
    profitCents: cents,
    lines: z.number().int(),
    machines: z.number().int(),
    daysBilled: z.number().int(),
    hoursWorked: z.number(),
    utilisation: z.number(),
  }),
  months: z.array(money.extend({ month: z.string(), expenseCents: cents, subleaseCents: cents, profitCents: cents })),
  byStore: z.array(slice),
  byRenter: z.array(slice),
  byKind: z.array(slice),
  bySalesperson: z.array(slice),
  /** Each billed machine's use while on lease, the least used first (at most 200). */
  machines: z.array(machineUse),
});
export type RevenueSummary = z.infer<typeof revenueSummary>;

export const incomeRow = z.object({
  id: z.number().int(),
  billId: z.number().int(),
  billNumber: z.string(),
  issuedOn: z.string(),
  contractId: z.number().int(),
  contractNumber: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  kind: z.string(),
  salespersonName: z.string(),
  month: z.string(),
  fromOn: z.string(),
  toOn: z.string(),
  days: z.number().int(),
  amountCents: cents,
  /** The line's share of what receipts paid on its bill (rounded down to the cent). */
  receivedCents: cents,
  hoursWorked: z.number(),
  /** The currency of its amounts: its lessor's brand's money (decision 064). */
  money: moneyFormat,
});
export type IncomeRow = z.infer<typeof incomeRow>;

const file = z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() });

export const revenueEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/lease/revenue/summary.do',
    summary:
      'Rental income billed and received by month, store, renter, machine kind and salesperson, profit after the ' +
      "machines' expenses, and each machine's hours worked against days billed",
    access: { roles: REVENUE_READERS },
    scope: 'organisation',
    query: revenueFilter,
    body: noInput,
    response: revenueSummary,
  }),
  incomeList: defineEndpoint({
    method: 'GET',
    path: '/lease/revenue/income.do',
    summary: 'Income lines (a machine’s days on a bill) with contract, renter, store, machine and salesperson',
    access: { roles: REVENUE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({ keyword: z.string().trim().max(50).optional(), ...revenueFilter.shape }),
    body: noInput,
    response: paged(incomeRow).extend({ ...inCurrency, totals: money.extend({ days: z.number().int() }) }),
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/lease/revenue/statement.do',
    summary:
      "A contract's monthly usage statement (PDF, base64 `content`): hours worked per machine per day beside the " +
      'month’s bill lines, in the request’s language',
    access: { roles: STATEMENT_READERS },
    scope: 'organisation',
    query: z.object({ contractId: idParam, month }),
    body: noInput,
    response: file,
  }),
};
