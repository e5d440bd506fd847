import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { QUOTE_EVENTS, QUOTE_STATES } from '@console/contract/quotes/flow';

/**
 * Quotes and reservations (docs/decisions/069-quotes-and-reservations.md): a rental company's priced offer to a
 * renter or a prospect, and what a quote or the contract draft it became holds for its dates. Money is integer
 * cents, days `YYYY-MM-DD` in the company's calendar.
 */

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const quotes = sqliteTable(
  'quotes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** e.g. BJ20261203… (报价) or QT-20261203-… under an English brand: the company's day and a serial of the id. */
    number: text('number').notNull(),
    /** The rental company quoting. */
    orgId: integer('org_id').notNull(),
    state: text('state', { enum: QUOTE_STATES }).notNull().default('draft'),
    /** A renter of the company, or null for a prospect named below. */
    renterOrgId: integer('renter_org_id'),
    prospectName: text('prospect_name').notNull().default(''),
    prospectContact: text('prospect_contact').notNull().default(''),
    prospectPhone: text('prospect_phone').notNull().default(''),
    storeId: integer('store_id').notNull(),
    salespersonId: integer('salesperson_id'),
    createdBy: integer('created_by').notNull(),
    validUntil: text('valid_until').notNull(),
    startOn: text('start_on').notNull(),
    endOn: text('end_on').notNull(),
    siteProvince: text('site_province').notNull().default(''),
    siteCity: text('site_city').notNull().default(''),
    siteDistrict: text('site_district').notNull().default(''),
    siteAddress: text('site_address').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** The brand's language: the quote's document is written in it. */
    lang: text('lang', { enum: ['zh', 'en'] })
      .notNull()
      .default('zh'),
    totalCents: integer('total_cents').notNull().default(0),
    /** The contract draft an accepted quote became. */
    contractId: integer('contract_id'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('quotes_org_number').on(t.orgId, t.number),
    index('quotes_org_state').on(t.orgId, t.state),
    index('quotes_contract').on(t.contractId),
    index('quotes_valid').on(t.state, t.validUntil),
  ],
);

/** A quote's line: a named machine, or a model and a count; list price, discount and the price quoted. */
export const quoteLines = sqliteTable(
  'quote_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quoteId: integer('quote_id').notNull(),
    deviceId: integer('device_id'),
    modelId: integer('model_id'),
    count: integer('count').notNull().default(1),
    /** BUSINESS_MODEL code 22/23/24/25/27. */
    businessModel: integer('business_model').notNull(),
    listDayCents: integer('list_day_cents'),
    listMonthCents: integer('list_month_cents'),
    /** Basis points off the list price (1250 = 12.5 %). */
    discountBp: integer('discount_bp').notNull().default(0),
    dayCents: integer('day_cents'),
    monthCents: integer('month_cents'),
    amountCents: integer('amount_cents').notNull().default(0),
  },
  (t) => [index('quote_lines_quote').on(t.quoteId)],
);

/** The timeline: one row per thing done to a quote, never changed. */
export const quoteEvents = sqliteTable(
  'quote_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quoteId: integer('quote_id').notNull(),
    action: text('action', { enum: QUOTE_EVENTS }).notNull(),
    /** Null when the scheduler expired it. */
    userId: integer('user_id'),
    fromState: text('from_state').notNull().default(''),
    toState: text('to_state').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** What the event changed besides its state (a reschedule: the days before and after). */
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('quote_events_quote').on(t.quoteId, t.at)],
);

export const RESERVATION_STATES = ['held', 'released', 'consumed'] as const;

/**
 * What a quote (sent, or a draft that chose to) or a contract (from its draft until delivery, written directly or
 * from a quote) holds for its days at its store: a named machine, or a count of a model. A named machine is held once on a day; a model's free count per day at the store
 * never goes below zero (server/src/quotes/holds.ts). Released rows stay, saying why; a delivery consumes them.
 */
export const reservations = sqliteTable(
  'reservations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    storeId: integer('store_id').notNull(),
    /**
     * The quote that took it; once accepted, also the contract it moved to (then the contract holds it). A contract
     * written directly holds with no quote.
     */
    quoteId: integer('quote_id'),
    contractId: integer('contract_id'),
    deviceId: integer('device_id'),
    modelId: integer('model_id'),
    count: integer('count').notNull().default(1),
    startOn: text('start_on').notNull(),
    endOn: text('end_on').notNull(),
    state: text('state', { enum: RESERVATION_STATES }).notNull().default('held'),
    /** Why it stopped holding: expired, declined, withdrawn, unheld, edited, closed, terminated, delivered. */
    endReason: text('end_reason').notNull().default(''),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reservations_device').on(t.deviceId, t.state),
    index('reservations_model').on(t.storeId, t.modelId, t.state),
    index('reservations_quote').on(t.quoteId),
    index('reservations_contract').on(t.contractId),
  ],
);

/** A rental company's quote settings, kept by its administrator. */
export const quoteSettings = sqliteTable('quote_settings', {
  orgId: integer('org_id').primaryKey(),
  /** The most discount a salesperson or staff may give on a line, in basis points. */
  maxDiscountBp: integer('max_discount_bp').notNull().default(1000),
  updatedBy: integer('updated_by'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
});
