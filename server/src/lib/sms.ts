import { smsOutbox } from '@console/db/schema/accounts';
import type { AppDeps } from './deps.ts';

export interface SmsMessage {
  mobile: string;
  areaCode: string;
  text: string;
  /** The verification code the text carries, if any: the outbox shows it on its own for testers. */
  code?: string;
}

/** A gateway that does not answer within this long is given up on; the user can ask for another code. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * Every text message the console sends goes through here. Outside production it lands in the development
 * outbox (`/test/list`); wherever `SMS_WEBHOOK_URL` is set it is also posted to the operator's SMS gateway as
 * JSON `{ areaCode, mobile, text }`. Delivery never holds up the request that caused it.
 */
export function sendSms(deps: Pick<AppDeps, 'dbh' | 'env' | 'now' | 'log'>, message: SmsMessage): void {
  const { env } = deps;
  if (env.NODE_ENV !== 'production') {
    deps.dbh.db
      .insert(smsOutbox)
      .values({ ...message, code: message.code ?? '', createdAt: new Date(deps.now()) })
      .run();
  }
  if (env.SMS_WEBHOOK_URL) {
    void postToGateway(deps, env.SMS_WEBHOOK_URL, env.SMS_WEBHOOK_TOKEN, message);
  } else if (env.NODE_ENV === 'production') {
    deps.log('warn', `no SMS gateway is configured (SMS_WEBHOOK_URL); a message to ${masked(message)} was not sent`);
  }
}

async function postToGateway(deps: Pick<AppDeps, 'log'>, url: string, token: string | undefined, message: SmsMessage) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ areaCode: message.areaCode, mobile: message.mobile, text: message.text }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    if (!response.ok) deps.log('warn', `the SMS gateway refused a message to ${masked(message)}: ${response.status}`);
  } catch (error) {
    deps.log('warn', `the SMS gateway could not be reached for ${masked(message)}`, String(error));
  }
}

/** Logs name the number by its last four digits only; the text may carry a code and is never logged. */
const masked = (message: SmsMessage) => `+${message.areaCode} ***${message.mobile.slice(-4)}`;
