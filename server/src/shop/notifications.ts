import { eq } from 'drizzle-orm';
import {
  checkSignature,
  MERCHANT_HEADER,
  PAY_SIGNATURE_HEADER,
  PAY_TIMESTAMP_HEADER,
  paymentNotification,
  type PaymentNotification,
} from '@console/contract/shop/paygate-protocol';
import type { Db } from '@console/db/client';
import { paymentNotifications, payments } from '@console/db/schema/shop-orders';
import { unitOfWork } from '../lib/unit-of-work.ts';
import type { PaygateSettings } from './paygate-client.ts';
import { applyFinding, type Applied } from './payments.ts';

export type Verified = { ok: true; body: PaymentNotification } | { ok: false; http: 400 | 401; reason: string };

/**
 * Check a notification before anything reads it: from our merchant, signed with its secret over exactly this body,
 * recent, and in the protocol's shape. A forged, altered or replayed-late notification stops here (401/400).
 */
export function verifyNotification(
  settings: PaygateSettings,
  headers: (name: string) => string | null | undefined,
  rawBody: string,
  now: number,
): Verified {
  if (!settings.secret) return { ok: false, http: 401, reason: 'payments are not configured' };
  if (headers(MERCHANT_HEADER) !== settings.merchant) return { ok: false, http: 401, reason: 'unknown merchant' };
  const check = checkSignature(
    settings.secret,
    { timestamp: headers(PAY_TIMESTAMP_HEADER), signature: headers(PAY_SIGNATURE_HEADER) },
    rawBody,
    now,
  );
  if (check !== 'ok') return { ok: false, http: 401, reason: `signature ${check}` };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, http: 400, reason: 'not JSON' };
  }
  const parsed = paymentNotification.safeParse(json);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, http: 400, reason: 'outside the protocol' };
}

/**
 * What a notification did: `applied` or `ignored` (see applyFinding), `repeated` (its event id was seen: nothing
 * changes), `unknown` (no payment of ours by that id and reference).
 */
export type NotificationOutcome = 'applied' | 'ignored' | 'repeated' | 'unknown';
export const NOTIFICATION_HTTP: Record<NotificationOutcome, 200 | 404> = {
  applied: 200,
  ignored: 200,
  repeated: 200,
  unknown: 404,
};

/** Apply a verified notification in one unit of work: the same event twice applies once. */
export async function applyNotification(
  db: Db,
  event: PaymentNotification,
  now: number,
): Promise<{ outcome: NotificationOutcome; applied: Applied | null }> {
  return unitOfWork(db, async (tx) => {
    if (await tx.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, event.eventId)).get())
      return { outcome: 'repeated', applied: null };
    const payment = await tx.select().from(payments).where(eq(payments.providerPaymentId, event.paymentId)).get();
    if (!payment || payment.reference !== event.reference) return { outcome: 'unknown', applied: null };
    const applied = await applyFinding(tx, payment, { state: event.state, amountCents: event.amountCents }, now);
    await tx
      .insert(paymentNotifications)
      .values({
        eventId: event.eventId,
        paymentId: payment.id,
        state: event.state,
        outcome: applied.outcome,
        receivedAt: new Date(now),
      })
      .run();
    return { outcome: applied.outcome, applied };
  });
}
