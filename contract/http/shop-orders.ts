import { z } from 'zod';
import { COUPON_TYPES } from '../codes/coupons.ts';
import { PRODUCT_CATEGORIES } from '../codes/products.ts';
import {
  MAX_ORDER_QUANTITY,
  SHOP_ORDER_EVENTS,
  SHOP_ORDER_STATES,
  SHOP_USER_ACTIONS,
  splitSerials,
} from '../codes/shop-orders.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, isValidPhone, pageQuery, paged, requiredText } from './fields.ts';
import { SHOP_BUYERS, SHOP_ORDER_READERS, SHOP_SELLERS } from '../access/shop-orders.ts';
import { moneyFormat } from '../codes/money.ts';

/** At most this many serials in one shipment (the largest quantity). */
export const MAX_SERIALS = MAX_ORDER_QUANTITY;

const bodyId = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const filterDay = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isDay(v), { error: 'validation.invalid' })
  .optional();

/** A product the caller may buy, and the seller's name. */
export const catalogProduct = z.object({
  id: z.number().int(),
  category: z.enum(PRODUCT_CATEGORIES),
  name: z.string(),
  image: z.string(),
  spec: z.string(),
  amountCents: z.number().int(),
  sellerId: z.number().int(),
  sellerName: z.string(),
});

/**
 * A coupon the caller received and may still use (not used, not expired), with the shop that honours it: its
 * issuer's, the only one it is used in (decision 049).
 */
export const usableCoupon = z.object({
  receiptId: z.number().int(),
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  faceValueCents: z.number().int().nullable(),
  /** Tenths × 10: 85 is "8.5 折". */
  discountTenths: z.number().int().nullable(),
  minSpendCents: z.number().int(),
  category: z.string(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  expiresAt: z.string(),
});

export const shopOrderCreateForm = z.object({
  productId: bodyId,
  quantity: z
    .number({ error: 'shopOrders.quantityInvalid' })
    .int({ error: 'shopOrders.quantityInvalid' })
    .min(1, { error: 'shopOrders.quantityInvalid' })
    .max(MAX_ORDER_QUANTITY, { error: 'shopOrders.quantityInvalid' }),
  receiver: requiredText(40),
  receiverPhone: z
    .string({ error: 'validation.phone' })
    .trim()
    .refine((v) => isValidPhone(v) || /^\+?\d[\d -]{5,19}$/.test(v), { error: 'validation.phone' }),
  address: requiredText(200),
  /** A received coupon to use (its discount is taken from the amount); null: none. */
  couponReceiptId: bodyId.nullable().default(null),
});
export type ShopOrderCreateForm = z.input<typeof shopOrderCreateForm>;

export const shopOrderShipForm = z.object({
  id: bodyId,
  courierNumber: z
    .string({ error: 'shopOrders.courierRequired' })
    .trim()
    .min(1, { error: 'shopOrders.courierRequired' })
    .max(40, { error: 'validation.tooLong' })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'shopOrders.courierInvalid' }),
  /** The shipped terminals' serials or cards' ICCIDs, comma-separated (spec section 5). */
  serials: z
    .string()
    .trim()
    .max(4000, { error: 'validation.tooLong' })
    .default('')
    .refine((v) => splitSerials(v).length <= MAX_SERIALS, { error: 'shopOrders.tooManySerials' }),
});
export type ShopOrderShipForm = z.input<typeof shopOrderShipForm>;

export const shopOrderCancelForm = z.object({
  id: bodyId,
  reason: z
    .string({ error: 'shopOrders.reasonRequired' })
    .trim()
    .min(1, { error: 'shopOrders.reasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});

export const shopOrderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.enum(SHOP_ORDER_STATES),
  buyerName: z.string(),
  buyerOrgName: z.string(),
  sellerName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  spec: z.string(),
  unitCents: z.number().int(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  payCents: z.number().int(),
  /** The amount paid (spec "amount paid"), once paid. */
  paidCents: z.number().int().nullable(),
  paidAt: z.string(),
  paymentReference: z.string(),
  receiver: z.string(),
  receiverPhone: z.string(),
  address: z.string(),
  courierNumber: z.string(),
  serials: z.string(),
  shippedAt: z.string(),
  receivedAt: z.string(),
  completedAt: z.string(),
  createdAt: z.string(),
  distributorName: z.string(),
  /** The buyer's distributor's share credited on completion, in cents (null: none). */
  creditCents: z.number().int().nullable(),
  /** What the user may do with it now (SHOP_ORDER_FLOW and who they are to the order). */
  actions: z.array(z.enum(SHOP_USER_ACTIONS)),
  /** The order is charging and the user may check its payment at the provider now. */
  canCheckPayment: z.boolean(),
  /** The currency of its amounts: its buyer's brand's money, the one it paid in (decision 064). */
  money: moneyFormat,
});
export type ShopOrderRow = z.infer<typeof shopOrderRow>;

export const shopOrderEventRow = z.object({
  id: z.number().int(),
  event: z.enum(SHOP_ORDER_EVENTS),
  actorName: z.string(),
  /** What happened, in the reader's language. */
  text: z.string(),
  at: z.string(),
});

const orderAnswer = z.object({ order: shopOrderRow });

export const shopOrderEndpoints = {
  catalog: defineEndpoint({
    method: 'GET',
    path: '/shopOrder/catalog.do',
    summary:
      "Products the caller may buy (the operator's shop; a customer's rental company's shop too) and the coupons " +
      'the caller received and may still use',
    access: { roles: SHOP_BUYERS },
    scope: 'organisation',
    query: z.object({
      category: z.enum(PRODUCT_CATEGORIES, { error: 'validation.invalid' }).optional(),
      keyword: z.string().trim().max(40).optional(),
    }),
    body: noInput,
    response: z.object({ products: z.array(catalogProduct), coupons: z.array(usableCoupon) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/shopOrder/create.do',
    summary: "Place an order for a product's spec and quantity, optionally using a received coupon",
    access: { roles: SHOP_BUYERS },
    scope: 'organisation',
    query: noInput,
    body: shopOrderCreateForm,
    response: orderAnswer,
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: '/shopOrder/pay.do',
    summary: 'Open a payment at the mobile payment provider; answers its pay page (the QR code) to open',
    access: { roles: SHOP_BUYERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: bodyId }),
    response: z.object({ order: shopOrderRow, payUrl: z.string() }),
  }),
  checkPayment: defineEndpoint({
    method: 'POST',
    path: '/shopOrder/checkPayment.do',
    summary:
      "Ask the provider now for a charging order's payment: paid, abandoned or refused as the provider says; past " +
      'its time, closed (failed) or, when the provider cannot account for it, abnormal',
    access: { roles: SHOP_ORDER_READERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: bodyId }),
    response: orderAnswer,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/shopOrder/cancel.do',
    summary: 'Cancel an order not paid (or an abnormal one, by the seller) with a reason; its coupon is given back',
    access: { roles: SHOP_ORDER_READERS },
    scope: 'organisation',
    query: noInput,
    body: shopOrderCancelForm,
    response: orderAnswer,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/shopOrder/refund.do',
    summary:
      'Cancel a paid order with a reason (the seller, or the buyer before it ships): the provider refunds the whole ' +
      'payment, then the order is cancelled and its coupon given back; a payment the provider has no record of makes ' +
      'the order abnormal; refused while an invoice is asked for or issued on it',
    access: { roles: SHOP_ORDER_READERS },
    scope: 'organisation',
    query: noInput,
    body: shopOrderCancelForm,
    response: orderAnswer,
  }),
  ship: defineEndpoint({
    method: 'POST',
    path: '/shopOrder/ship.do',
    summary:
      "Ship a paid order with the courier number and the items' serials (comma-separated): a terminal's serial per " +
      "unit from the seller's spare terminals, an IoT card's ICCID per unit from its spare SIM cards (or none), nothing " +
      'for other products; the items become the buyer’s',
    access: { roles: SHOP_SELLERS },
    scope: 'organisation',
    query: noInput,
    body: shopOrderShipForm,
    response: orderAnswer,
  }),
  receive: defineEndpoint({
    method: 'POST',
    path: '/shopOrder/receive.do',
    summary: 'The buyer confirms receipt of a shipped order',
    access: { roles: SHOP_BUYERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: bodyId }),
    response: orderAnswer,
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/shopOrder/complete.do',
    summary: "Complete a received order: the buyer's distributor is credited its share of the product",
    access: { roles: SHOP_SELLERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: bodyId }),
    response: orderAnswer,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/shopOrder/list.do',
    summary: 'Shop orders in scope (bought, sold, or of the customers a distributor serves) by state, keyword and day',
    access: { roles: SHOP_ORDER_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      state: z.enum(SHOP_ORDER_STATES, { error: 'validation.invalid' }).optional(),
      side: z.enum(['bought', 'sold'], { error: 'validation.invalid' }).optional(),
      /** The order's number, product, receiver, phone, courier number or a serial. */
      keyword: z.string().trim().max(40).optional(),
      from: filterDay,
      to: filterDay,
    }),
    body: noInput,
    response: paged(shopOrderRow).extend({ stateCounts: z.record(z.string(), z.number().int()) }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/shopOrder/detail.do',
    summary: 'A shop order with its timeline',
    access: { roles: SHOP_ORDER_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: z.object({ order: shopOrderRow, events: z.array(shopOrderEventRow) }),
  }),
} as const;
