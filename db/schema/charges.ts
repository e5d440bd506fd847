import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  CHARGE_BILLINGS,
  CHARGE_KINDS,
  CHARGE_PRICINGS,
  CHARGE_STATES,
  type DistanceBand,
} from '@console/contract/codes/charges';

/**
 * Charges beyond rent and credit notes (docs/decisions/074-charges-and-credit-notes.md). `org_id` is the rental
 * company's (the lessor), as on every owned table. Money is integer cents; days `YYYY-MM-DD` text.
 */

const moment = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** An entry of a rental company's charges price list: a fixed price, or a trip's price by distance band. */
export const chargePrices = sqliteTable(
  'charge_prices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    kind: text('kind', { enum: CHARGE_KINDS }).notNull(),
    name: text('name').notNull(),
    pricing: text('pricing', { enum: CHARGE_PRICINGS }).notNull(),
    cents: integer('cents'),
    bands: text('bands', { mode: 'json' }).$type<DistanceBand[]>().notNull().default([]),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: moment('updated_at'),
  },
  (t) => [index('charge_prices_org').on(t.orgId, t.kind)],
);

/**
 * A charge on a contract: priced from the list or entered with a reason, billed on the contract's next bill or at
 * once. `pending` until a bill carries it (`billed`, naming the bill) or it is cancelled before that.
 */
export const charges = sqliteTable(
  'charges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    contractId: integer('contract_id').notNull(),
    kind: text('kind', { enum: CHARGE_KINDS }).notNull(),
    /** The price list entry it was priced from (its name kept beside, as the entry may change). */
    priceId: integer('price_id'),
    priceName: text('price_name').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    distanceKm: integer('distance_km'),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    /** The handover (and one of its machines) the charge arose at: its photos and note are the evidence. */
    handoverId: integer('handover_id'),
    deviceId: integer('device_id'),
    photos: text('photos', { mode: 'json' }).$type<string[]>().notNull().default([]),
    billing: text('billing', { enum: CHARGE_BILLINGS }).notNull(),
    state: text('state', { enum: CHARGE_STATES }).notNull().default('pending'),
    billId: integer('bill_id'),
    createdBy: integer('created_by').notNull(),
    createdAt: moment('created_at'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancelledBy: integer('cancelled_by'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    index('charges_contract').on(t.contractId, t.state),
    index('charges_org_state').on(t.orgId, t.state),
    index('charges_bill').on(t.billId),
  ],
);

/** A credit note against an issued bill: it takes its amount off what the bill asks, never below what was paid. */
export const creditNotes = sqliteTable(
  'credit_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** CN20261203xxxxxx (CN-20261203-xxxxxx under an English brand), on the company's day it was issued. */
    number: text('number').notNull(),
    orgId: integer('org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    billId: integer('bill_id').notNull(),
    contractId: integer('contract_id'),
    issuedOn: text('issued_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: moment('created_at'),
  },
  (t) => [
    uniqueIndex('credit_notes_number').on(t.number),
    index('credit_notes_bill').on(t.billId),
    index('credit_notes_org_day').on(t.orgId, t.issuedOn),
  ],
);

/** A credit note's lines: what each corrects and by how much. */
export const creditNoteLines = sqliteTable(
  'credit_note_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    creditNoteId: integer('credit_note_id').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('credit_note_lines_note').on(t.creditNoteId)],
);
