import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { NotifyChannel, WebhookBody } from '@console/contract/http/notifications';
import { ACK_LINK_PATH } from '@console/contract/http/notifications';
import { notificationDeliveries, notifications } from '@console/db/schema/notifications';
import type { AppDeps } from '../lib/deps.ts';
import { createChannels, type Channels } from './channels.ts';

/**
 * The one way a message leaves the console (docs/decisions/071-notifications.md): a delivery row in the log first,
 * then its channel; a failure is tried again by the scheduler with backoff until the delivery's time is up. Attempts
 * run beside the caller and the scheduler, never in their way: a receiver that does not answer holds only itself.
 */

export type NotifyDeps = Pick<AppDeps, 'dbh' | 'env' | 'now' | 'log'>;
type NotificationRow = typeof notifications.$inferSelect;
type DeliveryRow = typeof notificationDeliveries.$inferSelect;

/** After each failed attempt, the wait before the next; a delivery still failing after the last is given up. */
export const RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 120_000, 300_000];
/** A delivery is given up once this long has passed since it was made, whatever its attempts. */
export const GIVE_UP_MS = 15 * 60_000;
/** An attempt under way holds its delivery this long; a process that stopped mid-attempt lets it be tried again. */
const ATTEMPT_LEASE_MS = 2 * 60_000;

/** The channels of a process's deps (one SMTP connection pool each), made on first use. */
const channelsOf = new WeakMap<object, Channels>();
export function channelsFor(deps: NotifyDeps): Channels {
  let channels = channelsOf.get(deps.env);
  if (!channels) {
    channels = createChannels(deps);
    channelsOf.set(deps.env, channels);
  }
  return channels;
}

/** Attempts under way in this process, so a test (or a stopping server) can wait for them. */
const inFlight = new Set<Promise<void>>();
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

export const newAckToken = () => randomBytes(18).toString('base64url');

export function ackUrl(env: AppDeps['env'], token: string): string {
  const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return `${base.replace(/\/$/, '')}${ACK_LINK_PATH}?t=${token}`;
}

/** What the webhook receives for a notification. */
export function webhookBody(env: AppDeps['env'], n: NotificationRow, deliveryId: number): WebhookBody {
  return {
    id: n.id,
    deliveryId,
    event: n.event,
    level: n.level,
    title: n.title,
    text: n.text,
    deviceId: n.deviceId,
    alarmId: n.alarmId,
    digestCount: n.digestCount,
    at: new Date(n.createdAt).toISOString(),
    ackUrl: ackUrl(env, n.ackToken),
  };
}

/**
 * Try one delivery now: claimed by bumping its next attempt (a second caller in the same tick does nothing), sent
 * through its channel, then sent, retried later, or failed for good.
 */
async function attempt(deps: NotifyDeps, id: number, secret: string): Promise<void> {
  const { db } = deps.dbh;
  const now = deps.now();
  const claimed = await db
    .update(notificationDeliveries)
    .set({ attempts: sql`${notificationDeliveries.attempts} + 1`, nextAttemptAt: new Date(now + ATTEMPT_LEASE_MS) })
    .where(
      and(
        eq(notificationDeliveries.id, id),
        eq(notificationDeliveries.state, 'pending'),
        or(isNull(notificationDeliveries.nextAttemptAt), lte(notificationDeliveries.nextAttemptAt, new Date(now))),
      ),
    )
    .returning()
    .get();
  if (!claimed) return;
  const n = await db.select().from(notifications).where(eq(notifications.id, claimed.notificationId)).get();
  if (!n) return;
  const message = {
    address: claimed.address,
    title: n.title,
    text: textFor(deps.env, claimed.channel, n),
    body: claimed.channel === 'webhook' ? webhookBody(deps.env, n, claimed.id) : undefined,
    secret,
  };
  let sent;
  try {
    sent = await channelsFor(deps)[claimed.channel](message);
  } catch (error) {
    sent = { ok: false, answer: error instanceof Error ? error.message : String(error) };
  }
  const after = deps.now();
  const delay = RETRY_DELAYS_MS[claimed.attempts - 1];
  const givenUp = delay === undefined || after + delay - claimed.createdAt.getTime() > GIVE_UP_MS;
  await db
    .update(notificationDeliveries)
    .set(
      sent.ok
        ? { state: 'sent', sentAt: new Date(after), nextAttemptAt: null, answer: sent.answer }
        : givenUp
          ? { state: 'failed', nextAttemptAt: null, answer: sent.answer }
          : { nextAttemptAt: new Date(after + delay), answer: sent.answer },
    )
    .where(eq(notificationDeliveries.id, id))
    .run();
  if (!sent.ok && givenUp) deps.log('warn', `notify: delivery ${id} by ${claimed.channel} failed: ${sent.answer}`);
}

/** Start an attempt beside the caller; its failure is logged, never thrown. */
export function attemptSoon(deps: NotifyDeps, id: number, secret = ''): Promise<void> {
  const p: Promise<void> = attempt(deps, id, secret)
    .catch((error: unknown) => deps.log('error', `notify: delivery ${id} could not be attempted`, error))
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
  return p;
}

/** The text a channel carries: a text message and an e-mail end with the acknowledgement link. */
function textFor(env: AppDeps['env'], channel: NotifyChannel, n: NotificationRow): string {
  if (n.ruleId === null || channel === 'webhook' || channel === 'push') return n.text;
  return `${n.text}\n${ackUrl(env, n.ackToken)}`;
}

/** Deliveries whose next attempt has come: tried again, beside the scheduler. */
export async function retryDue(deps: NotifyDeps, secretOf: (ruleId: number | null) => Promise<string>) {
  const now = deps.now();
  const due = await deps.dbh.db
    .select({ id: notificationDeliveries.id, ruleId: notificationDeliveries.ruleId })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.state, 'pending'), lte(notificationDeliveries.nextAttemptAt, new Date(now))))
    .limit(500)
    .all();
  for (const d of due) void attemptSoon(deps, d.id, await secretOf(d.ruleId));
  return due.length;
}

export interface NewDelivery {
  channel: NotifyChannel;
  userId: number | null;
  recipient: string;
  address: string;
  /** Why it is not sent (quiet hours, the recipient's limit, no address), or undefined to send it. */
  suppressed?: string;
}

/** Messages to one address within RATE_WINDOW_MS beyond which more are held back (per-recipient limit). */
export const RECIPIENT_LIMIT = 20;
export const RATE_WINDOW_MS = 10 * 60_000;

/** How many messages went (or are going) to each of these addresses within the rate window. */
export async function recentByAddress(deps: NotifyDeps, addresses: string[]): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map();
  const rows = await deps.dbh.db
    .select({ address: notificationDeliveries.address, count: sql<number>`count(*)` })
    .from(notificationDeliveries)
    .where(
      and(
        inArray(notificationDeliveries.address, addresses),
        inArray(notificationDeliveries.state, ['pending', 'sent']),
        gt(notificationDeliveries.createdAt, new Date(deps.now() - RATE_WINDOW_MS)),
      ),
    )
    .groupBy(notificationDeliveries.address)
    .all();
  return new Map(rows.map((r) => [r.address, Number(r.count)]));
}

/** Write a notification's deliveries of one step and start the ones to send. */
export async function deliver(
  deps: NotifyDeps,
  n: NotificationRow,
  step: number,
  list: NewDelivery[],
  secret: string,
): Promise<DeliveryRow[]> {
  if (list.length === 0) return [];
  const now = new Date(deps.now());
  const rows = await deps.dbh.db
    .insert(notificationDeliveries)
    .values(
      list.map((d) => ({
        orgId: n.orgId,
        notificationId: n.id,
        ruleId: n.ruleId,
        step,
        channel: d.channel,
        userId: d.userId,
        recipient: d.recipient,
        address: d.address,
        state: d.suppressed ? ('suppressed' as const) : ('pending' as const),
        answer: d.suppressed ?? '',
        createdAt: now,
      })),
    )
    .returning()
    .all();
  for (const row of rows) if (row.state === 'pending') void attemptSoon(deps, row.id, secret);
  return rows;
}
