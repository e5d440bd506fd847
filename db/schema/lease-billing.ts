import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { BILL_KINDS, BILL_STATES, LEDGER_TYPES, RECEIPT_METHODS } from '@console/contract/codes/lease-billing';

/**
 * Bills, receipts and the bill record ledger (docs/decisions/036-lease-billing.md). Bills are made from the
 * machines' lease periods (lease-periods.ts) by the contract lines' business model and prices; receipts pay them,
 * oldest first. Money is integer cents; calendar days are `YYYY-MM-DD` text.
 */

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * A contract's bill for one billing period (`cycle`), a machine's last part at its return (`exit`), or a renter's
 * opening balance (`opening`: no contract and no lines; decision 036, addendum).
 */
export const bills = sqliteTable(
  'bills',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /**
     * The contract's number and the period: HT-20261125-0003-202604, or -E<lease period> for an exit bill;
     * OB-<as-of day>-<id> for an opening balance.
     */
    number: text('number').notNull(),
    lessorOrgId: integer('lessor_org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    /** None for an opening balance. */
    contractId: integer('contract_id'),
    kind: text('kind', { enum: BILL_KINDS }).notNull(),
    /** The days the bill covers, both included (its lines may cover less: a machine delivered mid-period). */
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    issuedOn: text('issued_on').notNull(),
    dueOn: text('due_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** What receipts allocated to it (live receipts only: a void gives it back). */
    paidCents: integer('paid_cents').notNull().default(0),
    state: text('state', { enum: BILL_STATES }).notNull().default('open'),
    /** A void (state `void`): when, by whom and why. The bill is kept; its ledger has a `billVoid` row. */
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    voidedBy: integer('voided_by'),
    voidReason: text('void_reason'),
    /** What the person who recorded an opening balance wrote of it ('' for other bills). */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('bills_lessor').on(t.lessorOrgId, t.issuedOn),
    index('bills_renter').on(t.renterOrgId, t.lessorOrgId, t.state, t.dueOn),
    index('bills_contract').on(t.contractId, t.periodEnd),
  ],
);

/** One machine's part of a bill: the days of its lease period the bill charges. */
export const billLines = sqliteTable(
  'bill_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    billId: integer('bill_id').notNull(),
    leasePeriodId: integer('lease_period_id').notNull(),
    deviceId: integer('device_id').notNull(),
    lineId: integer('line_id').notNull(),
    businessModel: integer('business_model').notNull(),
    dayCents: integer('day_cents'),
    monthCents: integer('month_cents'),
    fromOn: text('from_on').notNull(),
    toOn: text('to_on').notNull(),
    days: integer('days').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * The line's bill was voided and its days given back to billing (void with re-issue, decision 036): the line
     * stays as the voided bill's history but no longer counts as billed.
     */
    released: integer('released', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('bill_lines_bill').on(t.billId),
    // Never the same days of a machine twice, also when two runs race (issuing is idempotent by this); a released
    // line (its bill voided for re-issue) leaves its days to the new bill.
    uniqueIndex('bill_lines_period_from')
      .on(t.leasePeriodId, t.fromOn)
      .where(sql`${t.released} = 0`),
  ],
);

/** Money received from a renter (a repayment). Voided with a reason, never deleted. */
export const receipts = sqliteTable(
  'receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lessorOrgId: integer('lessor_org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: RECEIPT_METHODS }).notNull(),
    receivedOn: text('received_on').notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    voidedBy: integer('voided_by'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
    /** Money received for a contract's deposit (decision 073): never allocated to rent bills by itself. */
    depositId: integer('deposit_id'),
  },
  (t) => [index('receipts_renter').on(t.renterOrgId, t.receivedOn), index('receipts_lessor').on(t.lessorOrgId)],
);

/** What part of a receipt paid which bill (oldest due first). Kept when the receipt is voided: its history. */
export const allocations = sqliteTable(
  'allocations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    receiptId: integer('receipt_id').notNull(),
    billId: integer('bill_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('allocations_receipt').on(t.receiptId), index('allocations_bill').on(t.billId)],
);

/**
 * The bill record (spec section 3: customer, type, description, amount, balance, time): one row per bill, receipt
 * and void, never changed. `balanceCents` is what the renter owes the lessor after the row (negative: credit).
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lessorOrgId: integer('lessor_org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    billId: integer('bill_id'),
    receiptId: integer('receipt_id'),
    /** What the description names: the bill's number and period, the receipt's method and reference, the reason. */
    subject: text('subject').notNull().default(''),
    detail: text('detail').notNull().default(''),
    /** Signed: a bill adds, a receipt subtracts, a void adds back. */
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_renter').on(t.renterOrgId, t.id), index('ledger_lessor_day').on(t.lessorOrgId, t.day)],
);

/** The time zone a lessor's billing days are counted in (none: Asia/Shanghai). */
export const billingZones = sqliteTable('billing_zones', {
  lessorOrgId: integer('lessor_org_id').primaryKey(),
  timeZone: text('time_zone').notNull(),
});

/**
 * A bill's overtime for one machine's part (decision 070): the hours its product measured over the days of a bill
 * line (daily work credited to the contract) above the line's prorated allowance, at the line's overtime price.
 * `measuredTenths` null: the machine reported no hours in those days, so nothing is charged and the bill says so.
 * `hoursTenths` and `amountCents` are what the bill charges (an adjustment changes them; `computedTenths` keeps what
 * the measurement gave).
 */
export const billOvertime = sqliteTable(
  'bill_overtime',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    billId: integer('bill_id').notNull(),
    leasePeriodId: integer('lease_period_id').notNull(),
    deviceId: integer('device_id').notNull(),
    lineId: integer('line_id').notNull(),
    fromOn: text('from_on').notNull(),
    toOn: text('to_on').notNull(),
    allowanceTenths: integer('allowance_tenths').notNull(),
    measuredTenths: integer('measured_tenths'),
    computedTenths: integer('computed_tenths').notNull(),
    hoursTenths: integer('hours_tenths').notNull(),
    priceCents: integer('price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('bill_overtime_bill').on(t.billId), index('bill_overtime_period').on(t.leasePeriodId, t.fromOn)],
);

/** Each adjustment of an overtime line by the lessor's staff: from what to what, why, who and when. Never changed. */
export const overtimeAdjustments = sqliteTable(
  'overtime_adjustments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    overtimeId: integer('overtime_id').notNull(),
    billId: integer('bill_id').notNull(),
    fromTenths: integer('from_tenths').notNull(),
    toTenths: integer('to_tenths').notNull(),
    fromCents: integer('from_cents').notNull(),
    toCents: integer('to_cents').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('overtime_adjustments_overtime').on(t.overtimeId)],
);
