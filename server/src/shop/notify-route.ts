import type { Hono } from 'hono';
import type { AppDeps } from '../lib/deps.ts';
import { afterApplied } from './check-payment.ts';
import { applyNotification, NOTIFICATION_HTTP, verifyNotification } from './notifications.ts';
import { PAYGATE_NOTIFY_PATH, paygateSettings } from './paygate-client.ts';

/**
 * The payment provider's notification (decision 050): the raw body is verified before anything reads it, then
 * applied in one unit of work; the HTTP status tells the provider whether to send it again. Not an envelope endpoint:
 * the provider calls it, signed with the merchant secret rather than a session.
 */
export function registerPaymentNotify(app: Hono, deps: AppDeps): void {
  app.post(PAYGATE_NOTIFY_PATH, async (c) => {
    const raw = await c.req.text();
    // Fresh by the server's clock: a simulated provider follows the same clock when the server follows the
    // simulator's (CLOCK_URL), as a real provider and a production server share the wall clock.
    const verified = verifyNotification(paygateSettings(deps.env), (name) => c.req.header(name), raw, deps.now());
    if (!verified.ok) {
      deps.log('warn', `payment notification refused: ${verified.reason}`);
      return c.json({ ok: false, reason: verified.reason }, verified.http);
    }
    const { outcome, applied } = await applyNotification(deps.dbh.db, verified.body, deps.now());
    await afterApplied(deps, applied);
    return c.json({ ok: outcome !== 'unknown', outcome }, NOTIFICATION_HTTP[outcome]);
  });
}
