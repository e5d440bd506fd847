import { z } from 'zod';

/**
 * The mobile payment provider's HTTP interface, as the server uses it and the simulated provider (paygate/) serves
 * it (docs/decisions/050-shop-orders-and-payments.md). Shaped like the providers of this market: a merchant id and
 * secret, a payment created with the amount, the merchant's reference and where to notify, a pay page (the QR code
 * the payer scans), asynchronous notifications signed with the secret, a query and a close.
 *
 * Messages are signed as the e-signature provider's are (HMAC-SHA256 over `<timestamp>.<raw body>`, the path for a
 * GET), under the provider's own header names.
 */
export { checkSignature, signPayload } from '../lease/esign-protocol.ts';

export const MERCHANT_HEADER = 'x-pay-merchant';
export const PAY_TIMESTAMP_HEADER = 'x-pay-timestamp';
export const PAY_SIGNATURE_HEADER = 'x-pay-signature';

/** POST /v1/payments */
export const createPaymentRequest = z.object({
  /** The merchant's own reference (the order's number), echoed in every notification. */
  reference: z.string().min(1).max(64),
  amountCents: z.number().int().positive().max(10_000_000_000),
  /** The ISO 4217 code of the amount (the payer's brand's currency): the pay page shows the amount in it. */
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** What the payer sees on the pay page. */
  subject: z.string().min(1).max(120),
  notifyUrl: z.url({ protocol: /^https?$/ }),
  /** Where the pay page sends the payer when done. */
  returnUrl: z.url({ protocol: /^https?$/ }),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequest>;

/**
 * waiting: the payer has not acted; paid, cancelled (by the payer), refused (by the provider), closed (by the merchant),
 * refunded (a paid one given back in full at the merchant's request).
 */
export const PAYMENT_STATES = ['waiting', 'paid', 'cancelled', 'refused', 'closed', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const paymentView = z.object({
  paymentId: z.string(),
  reference: z.string(),
  amountCents: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  /** The pay page with the QR code (the payer's phone would scan it). */
  payUrl: z.string(),
  /** When it was paid, ms since the epoch; 0 if not. */
  paidAt: z.number().int(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** What the provider POSTs to the notify URL, signed. Every change of a payment's state is one event. */
export const paymentNotification = z.object({
  /** Unique per event: a repeated delivery carries the same id. */
  eventId: z.string().min(8).max(64),
  paymentId: z.string().min(1).max(64),
  reference: z.string().min(1).max(64),
  amountCents: z.number().int().nonnegative(),
  state: z.enum(['paid', 'cancelled', 'refused', 'closed']),
  /** When it happened at the provider, ms since the epoch. */
  at: z.number().int().positive(),
});
export type PaymentNotification = z.infer<typeof paymentNotification>;

/**
 * POST /v1/payments/{id}/refund: the whole amount of a paid payment back to the payer, answered at once with the
 * payment (state `refunded`); asked again, it answers the same (a refund is made once). Not paid: 409.
 */
export const refundRequest = z.object({
  amountCents: z.number().int().positive().max(10_000_000_000),
  reason: z.string().min(1).max(200),
});
export type RefundRequest = z.infer<typeof refundRequest>;

export const PAYGATE_PATHS = {
  payments: '/v1/payments',
  payment: (id: string) => `/v1/payments/${encodeURIComponent(id)}`,
  close: (id: string) => `/v1/payments/${encodeURIComponent(id)}/close`,
  refund: (id: string) => `/v1/payments/${encodeURIComponent(id)}/refund`,
} as const;

/**
 * The development merchant: the simulated provider issues it unless told otherwise, and a server outside production
 * uses it when PAYGATE_SECRET is unset. Public, so a production server never accepts it.
 */
export const DEV_PAYGATE_MERCHANT = 'console-dev';
/**
 * The simulated provider's port unless PAYGATE_PORT says otherwise; a server without PAYGATE_URL calls 127.0.0.1 on
 * the same PAYGATE_PORT (server/src/lib/env.ts).
 */
export const DEV_PAYGATE_PORT = 8096;
export const DEV_PAYGATE_SECRET = 'dev-paygate-secret-not-for-production';

/** The pay page's words, in the payer's language. */
export const PAY_PAGE_TEXT = {
  zh: {
    title: '移动支付',
    amount: '金额',
    subject: '商品',
    scan: '请使用手机扫码支付',
    pay: '确认支付',
    cancel: '取消支付',
    back: '返回商户',
    notFound: '支付不存在或链接已失效',
    state: {
      waiting: '等待支付',
      paid: '支付成功',
      cancelled: '已取消支付',
      refused: '支付被拒绝',
      closed: '支付已关闭',
      refunded: '已退款',
    },
  },
  en: {
    title: 'Mobile payment',
    amount: 'Amount',
    subject: 'For',
    scan: 'Scan with your phone to pay',
    pay: 'Pay now',
    cancel: 'Cancel payment',
    back: 'Back to the merchant',
    notFound: 'No such payment, or the link has expired',
    state: {
      waiting: 'Waiting for payment',
      paid: 'Paid',
      cancelled: 'Payment cancelled',
      refused: 'Payment refused',
      closed: 'Payment closed',
      refunded: 'Refunded',
    },
  },
} as const;
