import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PRODUCT_CATEGORIES } from '@console/contract/codes/products';
import { SHOP_ORDER_EVENTS, SHOP_ORDER_STATES } from '@console/contract/codes/shop-orders';

const moment = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const instant = (name: string) => integer(name, { mode: 'timestamp_ms' });

/**
 * A shop order (spec sections 3, 4; docs/decisions/050-shop-orders-and-payments.md): one product's spec and quantity
 * bought by an organisation (`org_id`, the buyer's: its people see it) from a seller's shop (`seller_org_id`, whose
 * staff ship it). Money in cents: the amount, the coupon's discount, what is paid. The product's name, spec and price
 * are copied at checkout (a price change never changes an order).
 */
export const shopOrders = sqliteTable(
  'shop_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: text('number').notNull(),
    orgId: integer('org_id').notNull(),
    sellerOrgId: integer('seller_org_id').notNull(),
    /** The buyer's distributor at checkout (organisations.distributor_org_id): credited its share on completion. */
    distributorOrgId: integer('distributor_org_id'),
    buyerId: integer('buyer_id').notNull(),
    productId: integer('product_id').notNull(),
    productName: text('product_name').notNull(),
    category: text('category', { enum: PRODUCT_CATEGORIES }).notNull(),
    spec: text('spec').notNull(),
    unitCents: integer('unit_cents').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** The received coupon used at checkout (coupon_receipts.id). */
    couponReceiptId: integer('coupon_receipt_id'),
    /** What the buyer pays: the amount less the discount. */
    payCents: integer('pay_cents').notNull(),
    receiver: text('receiver').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    address: text('address').notNull(),
    state: text('state', { enum: SHOP_ORDER_STATES }).notNull().default('created'),
    /** The payment now open or last made (payments.id). */
    paymentId: integer('payment_id'),
    paidCents: integer('paid_cents'),
    paidAt: instant('paid_at'),
    courierNumber: text('courier_number').notNull().default(''),
    /** The machines shipped, comma-separated (spec section 5). */
    serials: text('serials').notNull().default(''),
    shippedAt: instant('shipped_at'),
    receivedAt: instant('received_at'),
    completedAt: instant('completed_at'),
    createdAt: moment('created_at'),
    updatedAt: moment('updated_at'),
  },
  (t) => [
    uniqueIndex('shop_orders_number').on(t.number),
    index('shop_orders_org_created').on(t.orgId, t.createdAt),
    index('shop_orders_seller_created').on(t.sellerOrgId, t.createdAt),
    index('shop_orders_state_updated').on(t.state, t.updatedAt),
    check('shop_orders_pay_not_negative', sql`${t.payCents} >= 0`),
  ],
);

/** The order's timeline: who did what and when, with the details of the step (a message key and parameters). */
export const shopOrderEvents = sqliteTable(
  'shop_order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id').notNull(),
    event: text('event', { enum: SHOP_ORDER_EVENTS }).notNull(),
    /** The person, or null for the payment provider. */
    actorId: integer('actor_id'),
    details: text('details', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    at: moment('at'),
  },
  (t) => [index('shop_order_events_order').on(t.orderId)],
);

export const PAYMENT_KINDS = ['shop', 'renewal'] as const;
export const PAYMENT_RECORD_STATES = [
  'charging',
  'paid',
  'unpaid',
  'failed',
  'abnormal',
  'closed',
  'refunded',
] as const;
export type PaymentRecordState = (typeof PAYMENT_RECORD_STATES)[number];

/**
 * A payment opened at the mobile payment provider for a shop order or a renewal order, paid by `org_id`. Its
 * state follows the provider's verified notifications and queries; `provider_payment_id` is the provider's
 * reference, kept on the order it paid.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    orderId: integer('order_id').notNull(),
    /** The reference the provider echoes (the order's number and the attempt). */
    reference: text('reference').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    state: text('state', { enum: PAYMENT_RECORD_STATES }).notNull().default('charging'),
    payUrl: text('pay_url').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: moment('created_at'),
    settledAt: instant('settled_at'),
  },
  (t) => [
    uniqueIndex('payments_provider_id').on(t.providerPaymentId),
    uniqueIndex('payments_reference').on(t.reference),
    index('payments_order').on(t.kind, t.orderId),
    index('payments_state_created').on(t.state, t.createdAt),
  ],
);

/** Every verified notification by its event id: a repeated one is recognised and changes nothing. */
export const paymentNotifications = sqliteTable('payment_notifications', {
  eventId: text('event_id').primaryKey(),
  paymentId: integer('payment_id').notNull(),
  state: text('state').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: moment('received_at'),
});

/**
 * A distributor's revenue share of a completed shop order (`shareCents` of the product's plan for the buyer's
 * distributor), the distributor's (`org_id`) to read.
 */
export const distributorCredits = sqliteTable(
  'distributor_credits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    orderId: integer('order_id').notNull(),
    basisPoints: integer('basis_points').notNull(),
    amountCents: integer('amount_cents').notNull(),
    creditedAt: moment('credited_at'),
  },
  (t) => [uniqueIndex('distributor_credits_order').on(t.orderId), index('distributor_credits_org').on(t.orgId)],
);
