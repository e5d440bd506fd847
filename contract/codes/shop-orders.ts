import { codeTable } from './code-table.ts';
import type { ProductCategory } from './products.ts';

/**
 * The shop order (spec sections 3 and 4; docs/decisions/050-shop-orders-and-payments.md). An order is `created` at
 * checkout, `charging` while a payment waits at the mobile payment provider, `paid` by the provider's signed
 * notification, `shipped` with a courier number and the machines' serials, `received` when the buyer confirms and
 * `completed` when the seller closes it (the distributor's share is credited then). A payment the payer abandons
 * leaves it `unpaid` (pay again); one the provider refuses, or that times out and is closed, `failed`; one whose
 * notification does not match or that the provider cannot account for `abnormal`.
 */
export const SHOP_ORDER_STATES = [
  'created',
  'unpaid',
  'charging',
  'paid',
  'shipped',
  'received',
  'completed',
  'cancelled',
  'failed',
  'abnormal',
] as const;
export type ShopOrderState = (typeof SHOP_ORDER_STATES)[number];
export const SHOP_ORDER_STATE = codeTable('shop-orders:state', [
  ['created', 'created', 'default'],
  ['unpaid', 'unpaid', 'gold'],
  ['charging', 'charging', 'processing'],
  ['paid', 'paid', 'cyan'],
  ['shipped', 'shipped', 'blue'],
  ['received', 'received', 'geekblue'],
  ['completed', 'completed', 'green'],
  ['cancelled', 'cancelled', 'default'],
  ['failed', 'failed', 'red'],
  ['abnormal', 'abnormal', 'volcano'],
]);

/**
 * Who moves an order: `buyer` (the people of the buying organisation), `seller` (the selling organisation's staff),
 * `provider` (the payment provider's verified notification, or the answer to the server's query).
 */
export type ShopOrderActor = 'buyer' | 'seller' | 'provider';

export interface ShopTransition {
  from: readonly ShopOrderState[];
  to: ShopOrderState;
  by: readonly ShopOrderActor[];
}

/** The state machine, declared once: the server refuses what it does not allow, the console offers what it allows. */
export const SHOP_ORDER_FLOW = {
  /** Open a payment at the provider (again after an abandoned one). */
  pay: { from: ['created', 'unpaid'], to: 'charging', by: ['buyer'] },
  /** The provider's notification (or query): the money arrived, amount and reference matching. */
  paid: { from: ['charging'], to: 'paid', by: ['provider'] },
  /** The payer cancelled on the pay page: the buyer may pay again. */
  unpaid: { from: ['charging'], to: 'unpaid', by: ['provider'] },
  /** The provider refused the payment, or it timed out unpaid and was closed at the provider. */
  fail: { from: ['charging'], to: 'failed', by: ['provider'] },
  /**
   * A notification that does not match the order (amount), or a payment the provider cannot account for (also when
   * asked to refund a paid one it has no record of).
   */
  abnormal: { from: ['charging', 'paid'], to: 'abnormal', by: ['provider'] },
  /**
   * The buyer or the seller calls it off before it is paid (its coupon given back); the seller closes an abnormal one
   * (its money refunded apart).
   */
  cancel: { from: ['created', 'unpaid', 'abnormal'], to: 'cancelled', by: ['buyer', 'seller'] },
  /**
   * The seller, or the buyer before it ships, calls off a paid order: the provider refunds the payment in full first
   * (the payment becomes `refunded`), then the order is cancelled and its coupon given back. Refused while an invoice
   * is asked for or issued on it. Nothing was handed over yet, so no machine or card moves.
   */
  refund: { from: ['paid'], to: 'cancelled', by: ['buyer', 'seller'] },
  /** Hands over the serialised items (SHIPPED_ITEM): they leave the seller's stock and become the buyer's. */
  ship: { from: ['paid'], to: 'shipped', by: ['seller'] },
  receive: { from: ['shipped'], to: 'received', by: ['buyer'] },
  complete: { from: ['received'], to: 'completed', by: ['seller'] },
} as const satisfies Record<string, ShopTransition>;
export type ShopOrderAction = keyof typeof SHOP_ORDER_FLOW;
export const SHOP_ORDER_ACTIONS = Object.keys(SHOP_ORDER_FLOW) as [ShopOrderAction, ...ShopOrderAction[]];
/** What a person may ask for (the others are the provider's). */
export const SHOP_USER_ACTIONS = ['pay', 'cancel', 'refund', 'ship', 'receive', 'complete'] as const;
export type ShopUserAction = (typeof SHOP_USER_ACTIONS)[number];

export const shopOrderAllows = (action: ShopOrderAction, state: ShopOrderState, actor?: ShopOrderActor): boolean => {
  const rule: ShopTransition = SHOP_ORDER_FLOW[action];
  return rule.from.includes(state) && (actor === undefined || rule.by.includes(actor));
};

/** What the timeline records: the order placed, each move, and a notification that changed nothing. */
export const SHOP_ORDER_EVENTS = ['create', ...SHOP_ORDER_ACTIONS, 'query', 'ignored'] as const;
export type ShopOrderEvent = (typeof SHOP_ORDER_EVENTS)[number];

/** A payment left charging this long is queried at the provider, then closed (decision 050). */
export const PAYMENT_TIMEOUT_MS = 15 * 60_000;
/** At most this many of one product in an order. */
export const MAX_ORDER_QUANTITY = 100;

/**
 * What a shipment hands over, by the product's category (docs/decisions/061-shop-order-fulfilment.md): a telematics
 * terminal is a spare terminal of the seller's terminal registry (controllers), one serial per unit; an IoT data card
 * is a spare SIM card of the seller (ICCID), one per unit or none when the card's service is applied to the buyer's
 * own cards; parts, accessories and services ship with the courier number alone.
 */
export const SHIPPED_ITEM = {
  terminal: 'terminal',
  connectivity: 'card',
  parts: null,
  accessory: null,
  service: null,
} as const satisfies Record<ProductCategory, 'terminal' | 'card' | null>;
/** Whether the serials of a shipment are required (terminals) or may be left out (cards: the service alone). */
export const SERIALS_REQUIRED = { terminal: true, card: false } as const;

/** Shipping serials are comma-separated (spec section 5); blanks and spaces around them are dropped. */
export const splitSerials = (text: string): string[] =>
  text
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
