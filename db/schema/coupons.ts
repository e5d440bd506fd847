import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { COUPON_CATEGORIES, COUPON_TYPES } from '@console/contract/codes/coupons';

const moment = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * A coupon of an organisation's shop (spec sections 3, 5; docs/decisions/049-products-and-coupons.md). `remaining` is
 * what is left to give out: taken down by one conditional update per grant, never below zero (a CHECK as well).
 */
export const coupons = sqliteTable(
  'coupons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    faceValueCents: integer('face_value_cents'),
    /** A discount in tenths × 10 of the price paid: 85 is "8.5 折". */
    discountTenths: integer('discount_tenths'),
    issueFrom: text('issue_from').notNull(),
    issueTo: text('issue_to').notNull(),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    total: integer('total').notNull(),
    perUserLimit: integer('per_user_limit').notNull(),
    remaining: integer('remaining').notNull(),
    validHours: integer('valid_hours').notNull(),
    category: text('category', { enum: COUPON_CATEGORIES }).notNull(),
    stoppedAt: integer('stopped_at', { mode: 'timestamp_ms' }),
    createdBy: integer('created_by').notNull(),
    createdAt: moment('created_at'),
  },
  (t) => [index('coupons_org').on(t.orgId), check('coupons_remaining_not_negative', sql`${t.remaining} >= 0`)],
);

/**
 * A coupon someone received (granted to their mobile), valid until `expiresAt` and used at most once: `usedAt`
 * is set by one conditional update, so two checkouts cannot both use it. Its state is COUPON_USE_STATE's.
 */
export const couponReceipts = sqliteTable(
  'coupon_receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    couponId: integer('coupon_id').notNull(),
    /** The coupon's organisation (the scope it is read in). */
    orgId: integer('org_id').notNull(),
    holderId: integer('holder_id').notNull(),
    mobile: text('mobile').notNull(),
    receivedAt: moment('received_at'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    discountCents: integer('discount_cents'),
    /** The shop order it was used on. */
    orderRef: text('order_ref').notNull().default(''),
    grantedBy: integer('granted_by'),
  },
  (t) => [index('coupon_receipts_coupon').on(t.couponId), index('coupon_receipts_holder').on(t.holderId)],
);
