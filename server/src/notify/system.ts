import { eq } from 'drizzle-orm';
import type { SystemEvent } from '@console/contract/http/notifications';
import { notificationDeliveries, notifications } from '@console/db/schema/notifications';
import { deliverSms, type SmsMessage } from '../lib/sms.ts';
import { smsAddress } from './channels.ts';
import { newAckToken, type NotifyDeps } from './deliver.ts';

/**
 * The texts the console sends of itself, without a rule (a fence contact's alarm text, an arrears reminder, an
 * invitation): through the same log as every notification, so the delivery log shows them with their answer.
 */
export interface SystemMessage {
  /** The organisation whose log shows it. */
  orgId: number;
  event: SystemEvent;
  /** Who it is for, as the log names them. */
  recipient: string;
  sms: SmsMessage;
  /** A text carrying a code or a private link is logged by its kind only. */
  private?: boolean;
}

/** How the log names a person it must not identify: the number's last four digits. */
export const maskedMobile = (mobile: string) => mobile.slice(-4).padStart(mobile.length, '*');

async function record(deps: NotifyDeps, message: SystemMessage) {
  const { db } = deps.dbh;
  const now = new Date(deps.now());
  const n = await db
    .insert(notifications)
    .values({
      orgId: message.orgId,
      ruleId: null,
      event: message.event,
      title: message.event,
      text: message.private ? '' : message.sms.text,
      step: 1,
      ackToken: newAckToken(),
      createdAt: now,
    })
    .returning({ id: notifications.id })
    .get();
  return await db
    .insert(notificationDeliveries)
    .values({
      orgId: message.orgId,
      notificationId: n.id,
      channel: 'sms',
      recipient: message.recipient,
      address: smsAddress(message.sms.areaCode, message.sms.mobile),
      attempts: 1,
      createdAt: now,
    })
    .returning({ id: notificationDeliveries.id })
    .get();
}

/** Send a recorded system text and mark its delivery with the answer. */
async function sendRecorded(deps: NotifyDeps, deliveryId: number, message: SystemMessage): Promise<boolean> {
  const ok = await deliverSms(deps, message.sms);
  await deps.dbh.db
    .update(notificationDeliveries)
    .set(
      ok
        ? {
            state: 'sent',
            sentAt: new Date(deps.now()),
            answer: deps.env.SMS_WEBHOOK_URL ? 'gateway: accepted' : 'outbox',
          }
        : { state: 'failed', answer: 'gateway: refused' },
    )
    .where(eq(notificationDeliveries.id, deliveryId))
    .run();
  return ok;
}

/**
 * Send a system text and answer whether it was delivered (the gateway took it, or the development outbox has it).
 * The caller that depends on it (an invitation, decision 048) awaits the answer.
 */
export async function deliverSystemSms(deps: NotifyDeps, message: SystemMessage): Promise<boolean> {
  const delivery = await record(deps, message);
  return await sendRecorded(deps, delivery.id, message);
}

/**
 * Send a system text without waiting for the gateway (an alarm's, a reminder's): it is in the log (and, with no
 * gateway, in the outbox) when this answers; the gateway's answer comes later, and its failure is logged.
 */
export async function sendSystemSms(deps: NotifyDeps, message: SystemMessage): Promise<void> {
  const delivery = await record(deps, message);
  const sending = sendRecorded(deps, delivery.id, message);
  if (!deps.env.SMS_WEBHOOK_URL) {
    await sending;
    return;
  }
  void sending.catch((error: unknown) =>
    deps.log('error', `notify: the ${message.event} text could not be sent`, error),
  );
}
