import type { Hono } from 'hono';
import type { AppDeps } from '../lib/deps.ts';
import { NOTIFICATION_HTTP, verifyNotification } from '../shop/notifications.ts';
import { paygateSettings } from '../shop/paygate-client.ts';
import { applyBillNotification, BILL_PAY_NOTIFY_PATH } from './online-payments.ts';

/**
 * The provider's notification of a renter's payment of bills (decision 077), verified exactly as the shop's
 * (decision 050): the raw body checked against the merchant secret before anything reads it, then applied in one
 * unit of work; the HTTP status tells the provider whether to send it again.
 */
export function registerBillPayNotify(app: Hono, deps: AppDeps): void {
  app.post(BILL_PAY_NOTIFY_PATH, async (c) => {
    const raw = await c.req.text();
    const verified = verifyNotification(paygateSettings(deps.env), (name) => c.req.header(name), raw, deps.now());
    if (!verified.ok) {
      deps.log('warn', `bill payment notification refused: ${verified.reason}`);
      return c.json({ ok: false, reason: verified.reason }, verified.http);
    }
    const outcome = await applyBillNotification(deps, verified.body);
    return c.json({ ok: outcome !== 'unknown', outcome }, NOTIFICATION_HTTP[outcome]);
  });
}
