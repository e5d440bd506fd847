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
export async function sendSms(deps: SmsDeps, message: SmsMessage): Promise<void> {
  const { env } = deps;
  await keepInOutbox(deps, message);
  if (env.SMS_WEBHOOK_URL) {
    void postToGateway(deps, env.SMS_WEBHOOK_URL, env.SMS_WEBHOOK_TOKEN, message);
  } else if (env.NODE_ENV === 'production') {
    deps.log('warn', `no SMS gateway is configured (SMS_WEBHOOK_URL); a message to ${masked(message)} was not sent`);
  }
}

type SmsDeps = Pick<AppDeps, 'dbh' | 'env' | 'now' | 'log'>;

async function keepInOutbox(deps: SmsDeps, message: SmsMessage): Promise<void> {
  if (deps.env.NODE_ENV === 'production') return;
  await deps.dbh.db
    .insert(smsOutbox)
    .values({ ...message, code: message.code ?? '', createdAt: new Date(deps.now()) })
    .run();
}

/**
 * A message whose delivery the request depends on (an invitation, decision 048): the gateway's answer is awaited and
 * told. Delivered means the gateway took it, or, outside production with no gateway, the outbox has it; production
 * with no gateway delivers nothing. Callers write their own records only after a delivery, so a failure leaves
 * nothing half done.
 */
export async function deliverSms(deps: SmsDeps, message: SmsMessage): Promise<boolean> {
  const { env } = deps;
  if (!env.SMS_WEBHOOK_URL) {
    if (env.NODE_ENV === 'production') {
      deps.log('warn', `no SMS gateway is configured (SMS_WEBHOOK_URL); a message to ${masked(message)} was not sent`);
      return false;
    }
    await keepInOutbox(deps, message);
    return true;
  }
  const delivered = await postToGateway(deps, env.SMS_WEBHOOK_URL, env.SMS_WEBHOOK_TOKEN, message);
  // The outbox copy shows what went out; a message the gateway refused did not.
  if (delivered) await keepInOutbox(deps, message);
  return delivered;
}

async function postToGateway(
  deps: Pick<AppDeps, 'log'>,
  url: string,
  token: string | undefined,
  message: SmsMessage,
): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ areaCode: message.areaCode, mobile: message.mobile, text: message.text }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    if (!response.ok) deps.log('warn', `the SMS gateway refused a message to ${masked(message)}: ${response.status}`);
    return response.ok;
  } catch (error) {
    deps.log('warn', `the SMS gateway could not be reached for ${masked(message)}`, String(error));
    return false;
  }
}

/** Logs name the number by its last four digits only; the text may carry a code and is never logged. */
const masked = (message: SmsMessage) => `+${message.areaCode} ***${message.mobile.slice(-4)}`;
