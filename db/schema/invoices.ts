import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { INVOICE_TYPES } from '@console/contract/codes/accounts';
import { INVOICE_EVENTS, INVOICE_SOURCES, INVOICE_STATES } from '@console/contract/codes/invoices';

/**
 * Invoices (docs/decisions/051-invoices-and-finance-tasks.md): a company's request for an invoice over items it paid,
 * issued by the organisation it paid with the invoice's PDF. Money is integer cents.
 */

/**
 * The currency its amounts are in (ISO 4217, MoneyFormat.currency.code): its items' source's (decision 064's
 * addendum "Invoices carry their currency"). Rows kept before invoices named it were derived from their renewal
 * orders where they had one, else yuan, the operator's default.
 */
const currency = () => text('currency').notNull().default('CNY');

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** FP + the id, zero-padded. */
    number: text('number').notNull(),
    /** The company asking (the buyer: it paid the items). */
    orgId: integer('org_id').notNull(),
    /** The organisation that was paid and issues the invoice. */
    issuerOrgId: integer('issuer_org_id').notNull(),
    requestedBy: integer('requested_by').notNull(),
    state: text('state', { enum: INVOICE_STATES }).notNull().default('toBeIssued'),
    /** The invoice information as asked, copied from the form (the company's on file may change later). */
    invoiceType: text('invoice_type', { enum: INVOICE_TYPES }).notNull(),
    /** Percent (13, 9, 6, 3, 1). */
    taxRate: real('tax_rate').notNull(),
    title: text('title').notNull(),
    taxNumber: text('tax_number').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    bank: text('bank').notNull().default(''),
    account: text('account').notNull().default(''),
    note: text('note').notNull().default(''),
    /** One currency per invoice: a request over items paid in two currencies is refused. */
    currency: currency(),
    /** The items' sum (VAT included) and the tax it holds at the rate, both computed by the server. */
    totalCents: integer('total_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** The issued invoice's PDF (its url), '' until issued. */
    fileUrl: text('file_url').notNull().default(''),
    issuedBy: integer('issued_by'),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number').on(t.number),
    index('invoices_org').on(t.orgId, t.state),
    index('invoices_issuer').on(t.issuerOrgId, t.state),
  ],
);

/**
 * One invoiced item: a paid bill or renewal order (by `source`), with its label and amount when asked. `live` while
 * its invoice is to be issued or issued: an item is on one live invoice at most, also when two requests race (the
 * partial unique index); a withdrawn request frees it.
 */
export const invoiceItems = sqliteTable(
  'invoice_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id').notNull(),
    /** The buyer, as on the invoice. */
    orgId: integer('org_id').notNull(),
    source: text('source', { enum: INVOICE_SOURCES }).notNull(),
    sourceId: integer('source_id').notNull(),
    label: text('label').notNull(),
    /** The currency it was paid in, as its invoice's. */
    currency: currency(),
    amountCents: integer('amount_cents').notNull(),
    paidOn: text('paid_on').notNull().default(''),
    live: integer('live', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    index('invoice_items_invoice').on(t.invoiceId),
    uniqueIndex('invoice_items_live_source')
      .on(t.source, t.sourceId)
      .where(sql`${t.live} = 1`),
  ],
);

/** The invoice's timeline: asked, issued, file replaced (with the reason and the former file), withdrawn. */
export const invoiceEvents = sqliteTable(
  'invoice_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id').notNull(),
    /** The buyer, as on the invoice. */
    orgId: integer('org_id').notNull(),
    event: text('event', { enum: INVOICE_EVENTS }).notNull(),
    actorId: integer('actor_id').notNull(),
    reason: text('reason').notNull().default(''),
    /** The file this event put in place (issued, replaced) or, for a replacement, took away is in `formerFileUrl`. */
    fileUrl: text('file_url').notNull().default(''),
    formerFileUrl: text('former_file_url').notNull().default(''),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('invoice_events_invoice').on(t.invoiceId, t.id)],
);
