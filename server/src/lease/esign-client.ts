import {
  accountView,
  APP_ID_HEADER,
  DEV_ESIGN_APP_SECRET,
  flowView,
  PROVIDER_PATHS,
  signPayload,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type AccountView,
  type CreateFlowRequest,
  type FlowView,
} from '@console/contract/lease/esign-protocol';
import type { z } from 'zod';
import type { Env } from '../lib/env.ts';

/** The path the provider calls back; the route serving it reads the raw body and calls applyCallback. */
export const ESIGN_CALLBACK_PATH = '/api/contract/esignCallback.do';

export interface EsignSettings {
  url: string;
  appId: string;
  /** Null: e-signature is off (a production server without its own secret). */
  secret: string | null;
  callbackUrl: string;
}

/**
 * The provider settings from the environment. Outside production an unset secret is the simulator's public
 * development one; in production it must be set, or signing is refused and every callback too.
 */
export function esignSettings(env: Env): EsignSettings {
  const secret = env.ESIGN_APP_SECRET ?? (env.NODE_ENV === 'production' ? null : DEV_ESIGN_APP_SECRET);
  return {
    url: env.ESIGN_URL.replace(/\/$/, ''),
    appId: env.ESIGN_APP_ID,
    secret,
    callbackUrl: env.ESIGN_CALLBACK_URL ?? `http://127.0.0.1:${env.PORT}${ESIGN_CALLBACK_PATH}`,
  };
}

export class EsignUnavailable extends Error {}
/**
 * The provider answered 404 on a flow's own path: it does not know the flow (a restarted provider lost it, or it
 * expired there). Still an EsignUnavailable to any caller that does not ask: only calling a signing off treats it as
 * "the flow is gone" (decision 030, addendum).
 */
export class EsignFlowUnknown extends EsignUnavailable {}

export interface EsignClient {
  createFlow(request: CreateFlowRequest): Promise<FlowView>;
  getFlow(flowId: string): Promise<FlowView>;
  cancelFlow(flowId: string): Promise<FlowView>;
  account(kind: 'org' | 'user', ref: string): Promise<AccountView>;
}

/**
 * The provider's adapter: every request signed with the app secret (over the body, or the path of a GET), answers
 * checked against the protocol. Any failure (unreachable, refused, malformed) is EsignUnavailable: the caller
 * answers "try again later" and changes nothing. A flow the provider does not know (404 on the flow's path) is
 * EsignFlowUnknown, one kind of it.
 */
export function createEsignClient(
  settings: EsignSettings,
  now: () => number,
  fetchImpl: typeof fetch = fetch,
): EsignClient {
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    ofFlow?: string,
  ) {
    if (!settings.secret) throw new EsignUnavailable('no ESIGN_APP_SECRET');
    const text = body === undefined ? '' : JSON.stringify(body);
    // Signed on the server's clock, which a simulated provider follows too (CLOCK_URL).
    const timestamp = String(now());
    let response: Response;
    try {
      response = await fetchImpl(`${settings.url}${path}`, {
        method,
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          [APP_ID_HEADER]: settings.appId,
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signPayload(settings.secret, timestamp, method === 'GET' ? path : text),
        },
        body: method === 'POST' ? text : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new EsignUnavailable(`provider unreachable: ${(error as Error).message}`);
    }
    const answer = await response.json().catch(() => null);
    const why = `provider answered ${response.status}: ${JSON.stringify(answer)}`;
    if (response.status === 404 && ofFlow !== undefined) throw new EsignFlowUnknown(`flow ${ofFlow}: ${why}`);
    if (!response.ok) throw new EsignUnavailable(why);
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new EsignUnavailable('provider answer outside the protocol');
    return parsed.data as z.output<S>;
  }
  return {
    createFlow: (request) => call('POST', PROVIDER_PATHS.flows, flowView, request),
    getFlow: (id) => call('GET', PROVIDER_PATHS.flow(id), flowView, undefined, id),
    cancelFlow: (id) => call('POST', PROVIDER_PATHS.cancel(id), flowView, {}, id),
    account: (kind, ref) => call('GET', PROVIDER_PATHS.account(kind, ref), accountView),
  };
}
