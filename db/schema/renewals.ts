import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { RENEWAL_ITEM_KINDS, RENEWAL_PAYMENT_METHODS, RENEWAL_STATES } from '@console/contract/codes/renewals';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** Rows kept before prices and orders named their currency were the operator's default, yuan. */
const currency = () => text('currency').notNull().default('CNY');

/**
 * The price of renewing the connectivity service of one machine or one SIM card for a number of months, set by
 * the operator (docs/decisions/044-finance-renewals-ledger.md): one list per currency a brand bills in, so each
 * company is charged from its own brand's currency. A period without a row in a currency is not offered in it.
 */
export const renewalPrices = sqliteTable(
  'renewal_prices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** ISO 4217 code (MoneyFormat.currency.code). */
    currency: currency(),
    kind: text('kind', { enum: RENEWAL_ITEM_KINDS }).notNull(),
    months: integer('months').notNull(),
    priceCents: integer('price_cents').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('renewal_prices_currency_kind_months').on(t.currency, t.kind, t.months)],
);

/**
 * A renewal order: the services of one owner's machines or SIM cards renewed for `months`, at the prices of the
 * moment it was made in the payer's currency, settled by one payment. Finance records the payment (`recorded`); a payment provider's
 * notification will settle it the same way (`provider`). Expiries change only when it is settled.
 */
export const renewalOrders = sqliteTable(
  'renewal_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: text('number').notNull(),
    /** The organisation that owns the machines or cards (and pays). */
    orgId: integer('org_id').notNull(),
    kind: text('kind', { enum: RENEWAL_ITEM_KINDS }).notNull(),
    months: integer('months').notNull(),
    /** The payer's brand currency when the order was made (ISO 4217): its prices and total are in it. */
    currency: currency(),
    totalCents: integer('total_cents').notNull(),
    state: text('state', { enum: RENEWAL_STATES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: RENEWAL_PAYMENT_METHODS }),
    /** The bank transfer's or the provider's reference of the payment. */
    paymentReference: text('payment_reference').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Why it failed or was cancelled: a message key and its parameters, translated when read. */
    failure: text('failure', { mode: 'json' }).$type<{ key: string; params: Record<string, string | number> }>(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    settledBy: integer('settled_by'),
    settledAt: integer('settled_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('renewal_orders_number').on(t.number),
    index('renewal_orders_org_created').on(t.orgId, t.createdAt),
  ],
);

/** One machine or SIM card of an order, with its expiry before and (once settled) after. */
export const renewalLines = sqliteTable(
  'renewal_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id').notNull(),
    /** A devices.id or a sim_cards.id, by the order's kind. */
    itemId: integer('item_id').notNull(),
    /** The machine's serial or the card's ICCID when the order was made (kept if the item goes). */
    label: text('label').notNull(),
    priceCents: integer('price_cents').notNull(),
    previousExpiry: text('previous_expiry'),
    newExpiry: text('new_expiry'),
    /** A machine the renewal unlocked (it was locked for this expired service): the unlock task. */
    unlockTaskId: integer('unlock_task_id'),
  },
  (t) => [index('renewal_lines_order').on(t.orderId), index('renewal_lines_item').on(t.itemId)],
);
