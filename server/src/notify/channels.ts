import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { signPayload } from '@console/contract/lease/esign-protocol';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@console/contract/http/notifications';
import type { NotifyChannel } from '@console/contract/http/notifications';
import type { AppDeps } from '../lib/deps.ts';
import { deliverSms } from '../lib/sms.ts';

/**
 * The channels' ports (docs/decisions/071-notifications.md): each takes one message to one address and answers
 * whether the provider took it and what it said. Behind each a real provider and a simulated one, chosen by the
 * settings as the e-signature and payment providers are: the SMS gateway or the development outbox (lib/sms.ts),
 * an SMTP server or the simulated mailbox, the receiver's URL, the app's push outbox.
 */
export interface OutgoingMessage {
  /** A mobile as `areaCode:mobile`, an e-mail address, a URL, or `user:<id>` for the app. */
  address: string;
  title: string;
  text: string;
  /** The webhook's JSON body. */
  body?: unknown;
  /** The webhook's secret. */
  secret?: string;
}

export interface Sent {
  ok: boolean;
  /** The provider's answer, kept in the delivery log. */
  answer: string;
}

export type ChannelPort = (message: OutgoingMessage) => Promise<Sent>;
export type Channels = Record<NotifyChannel, ChannelPort>;

type ChannelDeps = Pick<AppDeps, 'dbh' | 'env' | 'now' | 'log'>;

export const smsAddress = (areaCode: string, mobile: string) => `${areaCode}:${mobile}`;

function smsChannel(deps: ChannelDeps): ChannelPort {
  return async ({ address, text }) => {
    const [areaCode = '86', mobile = ''] = address.split(':');
    const ok = await deliverSms(deps, { areaCode, mobile, text });
    return { ok, answer: ok ? (deps.env.SMS_WEBHOOK_URL ? 'gateway: accepted' : 'outbox') : 'gateway: refused' };
  };
}

/** Unset outside production: the simulated mailbox on this machine (mailbox/, `npm start` runs it). */
export function smtpUrl(env: AppDeps['env']): string | null {
  if (env.SMTP_URL) return env.SMTP_URL;
  return env.NODE_ENV === 'production' ? null : `smtp://127.0.0.1:${env.MAILBOX_SMTP_PORT}`;
}

function emailChannel(deps: ChannelDeps): ChannelPort {
  let transport: Transporter<SMTPTransport.SentMessageInfo> | null = null;
  return async ({ address, title, text }) => {
    const url = smtpUrl(deps.env);
    if (!url) return { ok: false, answer: 'no SMTP server is configured (SMTP_URL)' };
    const options: SMTPTransport.Options = {
      url,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    };
    transport ??= createTransport(options);
    try {
      const info = await transport.sendMail({ from: deps.env.MAIL_FROM, to: address, subject: title, text });
      return { ok: info.accepted.length > 0, answer: info.response.slice(0, 200) };
    } catch (error) {
      return { ok: false, answer: (error instanceof Error ? error.message : String(error)).slice(0, 200) };
    }
  };
}

/**
 * The receiver's URL: the JSON body signed with the endpoint's secret over `<timestamp>.<body>` (HMAC-SHA256, as the
 * providers sign theirs). A receiver that does not answer within the timeout counts as a failure, tried again later.
 */
function webhookChannel(deps: ChannelDeps): ChannelPort {
  return async ({ address, body, secret }) => {
    const json = JSON.stringify(body ?? {});
    const timestamp = String(deps.now());
    try {
      const response = await fetch(address, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
          [WEBHOOK_SIGNATURE_HEADER]: signPayload(secret ?? '', timestamp, json),
        },
        body: json,
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.env.NOTIFY_WEBHOOK_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { ok: response.ok, answer: `HTTP ${response.status}` };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return {
        ok: false,
        answer: name === 'TimeoutError' ? 'no answer' : error instanceof Error ? error.message : String(error),
      };
    }
  };
}

/** The app's push outbox is the delivery log itself: the push gateway takes the sent rows of the push channel. */
const pushChannel: ChannelPort = async () => ({ ok: true, answer: 'push outbox' });

export function createChannels(deps: ChannelDeps): Channels {
  return { sms: smsChannel(deps), email: emailChannel(deps), webhook: webhookChannel(deps), push: pushChannel };
}
