import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LATE_MONEY_STATES, ONLINE_PAYMENT_STATES } from '@console/contract/http/online-payments';

/**
 * Renters' online payments of their bills (docs/decisions/077-renters-pay-online.md): one payment opened at the
 * mobile payment provider for some of a renter's bills; once paid it becomes a receipt (`receipt_id`), allocated as
 * every receipt is; or for a contract's deposit (`deposit_id`), whose receipt it becomes. Money in integer cents of the lessor's brand's currency, as its bills.
 */
export const onlinePayments = sqliteTable(
  'online_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lessorOrgId: integer('lessor_org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    /** Ours, echoed by every notification. */
    reference: text('reference').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** What the chosen bills still owed when it was opened. */
    owedCents: integer('owed_cents').notNull(),
    /** The chosen bills' ids, comma-separated (what the payer meant to pay; allocation decides what it pays); '' for a deposit. */
    billIds: text('bill_ids').notNull(),
    /** A payment of a contract's deposit instead of bills (decision 073): once paid, the deposit's receipt. */
    depositId: integer('deposit_id'),
    payUrl: text('pay_url').notNull(),
    state: text('state', { enum: ONLINE_PAYMENT_STATES }).notNull().default('charging'),
    receiptId: integer('receipt_id'),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    settledAt: integer('settled_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('online_payments_reference').on(t.reference),
    uniqueIndex('online_payments_provider').on(t.providerPaymentId),
    uniqueIndex('online_payments_receipt').on(t.receiptId),
    index('online_payments_renter').on(t.renterOrgId, t.createdAt),
    index('online_payments_lessor_state').on(t.lessorOrgId, t.state),
  ],
);

/** Every provider notification applied, by its event id: the same event delivered again changes nothing. */
export const onlinePaymentEvents = sqliteTable(
  'online_payment_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id').notNull(),
    state: text('state').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('online_payment_events_event').on(t.eventId),
    index('online_payment_events_payment').on(t.paymentId),
  ],
);

/**
 * Money the provider reports paid for a payment no longer charging here (closed past its time, cancelled, refused or
 * abnormal): never a receipt, never allocated; recorded once per payment and refunded at the provider (decision 077,
 * late money). `state`: `refunding` (asked, or to be asked again), `refunded` (the provider gave it back),
 * `refused` (the provider refused the refund: the company gives it back outside the console). `refunded_by` is the
 * user who asked again, null when the server refunded it of itself.
 */
export const onlinePaymentRefunds = sqliteTable(
  'online_payment_refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: integer('payment_id').notNull(),
    /** What the provider said it took. */
    amountCents: integer('amount_cents').notNull(),
    /** The notification that reported it, and the payment's state here when it came. */
    eventId: text('event_id').notNull(),
    paymentState: text('payment_state').notNull(),
    reportedAt: integer('reported_at', { mode: 'timestamp_ms' }).notNull(),
    state: text('state', { enum: LATE_MONEY_STATES }).notNull().default('refunding'),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's last refusal or failure, '' when none. */
    error: text('error').notNull().default(''),
    refundedBy: integer('refunded_by'),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('online_payment_refunds_payment').on(t.paymentId),
    index('online_payment_refunds_state').on(t.state),
  ],
);
