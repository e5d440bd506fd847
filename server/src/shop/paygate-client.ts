import {
  createPaymentRequest,
  DEV_PAYGATE_SECRET,
  MERCHANT_HEADER,
  PAY_SIGNATURE_HEADER,
  PAY_TIMESTAMP_HEADER,
  PAYGATE_PATHS,
  paymentView,
  signPayload,
  type CreatePaymentRequest,
  type RefundRequest,
  type PaymentView,
} from '@console/contract/shop/paygate-protocol';
import type { Env } from '../lib/env.ts';

/** The path the provider notifies; the route serving it reads the raw body (shop/notify-route.ts). */
export const PAYGATE_NOTIFY_PATH = '/api/shop/paymentNotify.do';

export interface PaygateSettings {
  url: string;
  merchant: string;
  /** Null: payments are off (a production server without its own secret). */
  secret: string | null;
  notifyUrl: string;
  /** The console's address as the payer's browser sees it. */
  consoleUrl: string;
}

/** The provider settings from the environment (an unset secret is the simulator's public one outside production). */
export function paygateSettings(env: Env): PaygateSettings {
  return {
    url: env.PAYGATE_URL.replace(/\/$/, ''),
    merchant: env.PAYGATE_MERCHANT,
    secret: env.PAYGATE_SECRET ?? (env.NODE_ENV === 'production' ? null : DEV_PAYGATE_SECRET),
    notifyUrl: env.PAYGATE_NOTIFY_URL ?? `http://127.0.0.1:${env.PORT}${PAYGATE_NOTIFY_PATH}`,
    consoleUrl: (env.PAYGATE_RETURN_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

/** The provider could not be reached or answered outside the protocol: "try again later", nothing changes. */
export class PaygateUnavailable extends Error {}
/** The provider does not know the payment (404). */
export class PaymentUnknown extends Error {}
/** The provider refused to close a payment no longer waiting, or to refund one not paid (409). */
export class PaymentNotWaiting extends Error {}

export interface PaygateClient {
  create(request: Omit<CreatePaymentRequest, 'notifyUrl'>): Promise<PaymentView>;
  get(paymentId: string): Promise<PaymentView>;
  close(paymentId: string): Promise<PaymentView>;
  /** The whole amount of a paid payment back to the payer (PaymentNotWaiting: it is not paid). */
  refund(paymentId: string, request: RefundRequest): Promise<PaymentView>;
}

/**
 * The provider's adapter: every request signed with the merchant secret (over the body, or the path of a GET),
 * answers checked against the protocol. A real provider gets an adapter of its own with the same three calls.
 */
export function createPaygateClient(
  settings: PaygateSettings,
  now: () => number,
  fetchImpl: typeof fetch = fetch,
): PaygateClient {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaymentView> {
    if (!settings.secret) throw new PaygateUnavailable('no PAYGATE_SECRET');
    const text = body === undefined ? '' : JSON.stringify(body);
    // Signed on the server's clock, which a simulated provider follows too (CLOCK_URL).
    const timestamp = String(now());
    let response: Response;
    try {
      response = await fetchImpl(`${settings.url}${path}`, {
        method,
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          [MERCHANT_HEADER]: settings.merchant,
          [PAY_TIMESTAMP_HEADER]: timestamp,
          [PAY_SIGNATURE_HEADER]: signPayload(settings.secret, timestamp, method === 'GET' ? path : text),
        },
        body: method === 'POST' ? text : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaygateUnavailable(`provider unreachable: ${(error as Error).message}`);
    }
    const answer = await response.json().catch(() => null);
    if (response.status === 404) throw new PaymentUnknown(path);
    if (response.status === 409) throw new PaymentNotWaiting(path);
    if (!response.ok) throw new PaygateUnavailable(`provider answered ${response.status}: ${JSON.stringify(answer)}`);
    const parsed = paymentView.safeParse(answer);
    if (!parsed.success) throw new PaygateUnavailable('provider answer outside the protocol');
    return parsed.data;
  }
  return {
    create: (request) =>
      call('POST', PAYGATE_PATHS.payments, createPaymentRequest.parse({ ...request, notifyUrl: settings.notifyUrl })),
    get: (id) => call('GET', PAYGATE_PATHS.payment(id)),
    close: (id) => call('POST', PAYGATE_PATHS.close(id), {}),
    refund: (id, request) => call('POST', PAYGATE_PATHS.refund(id), request),
  };
}
