import { API_STATUS, LOGOUT_MESSAGE } from '@console/contract/http/envelope';
import type { BodyOf, DataOf, Endpoint, QueryOf } from '@console/contract/http/endpoint';
import { emitApiEvent } from './api-events.ts';
import { currentLang } from './i18n.ts';
import { queryString } from './api-query.ts';
import { anyEarly, takeArrived, takeEarly } from './early-calls.ts';
import { requestHeaders } from './request-headers.ts';
import { getSession } from './session.ts';

/** The two timeouts of spec section 7; the long one also reads large numbers as strings. */
export const TIMEOUT_MS = 120000;
export const LONG_TIMEOUT_MS = 60000;

export interface CallOptions {
  /** The 60000 ms variant that keeps integers beyond 2^53 exact by reading them as strings. */
  bigNumbers?: boolean;
  /** No error toast (the caller shows the error itself, e.g. on a form field). */
  silent?: boolean;
  /** No loading overlay (background polling, live refresh). */
  background?: boolean;
  signal?: AbortSignal;
}

/** A rejected call: the envelope's status, message and data, for callers that react to them. */
export class ApiFailure extends Error {
  constructor(
    readonly status: string,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

type Reviver = (key: string, value: unknown, context?: { source?: string }) => unknown;
/** Integers that a double cannot hold exactly stay strings (uses JSON.parse source text access). */
const keepBigIntegers: Reviver = (_key, value, context) =>
  typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) && context?.source
    ? context.source
    : value;

/**
 * The data of a read the page's entry asked for early (early-calls.ts), when its answer is in and succeeded: taken,
 * once, so that the read starts drawn instead of asking (endpointQuery). Undefined otherwise: the read asks, and
 * takes the early answer as it comes if it is still on its way.
 */
export function arrivedData<E extends Endpoint>(
  endpoint: E,
  query?: QueryOf<E>,
): { data: DataOf<E>; at: number } | undefined {
  if (endpoint.method !== 'GET' || !anyEarly()) return undefined;
  const url = `/api${endpoint.path}${queryString(query as Record<string, unknown>)}`;
  const taken = takeArrived(url, requestHeaders(currentLang(), getSession().token, false), (text) => {
    try {
      const envelope = JSON.parse(text) as { status: unknown; data: unknown };
      // A refusal is left to the read, which shows it as any.
      return envelope.status === API_STATUS.ok ? { data: envelope.data as DataOf<E> } : undefined;
    } catch {
      return undefined;
    }
  });
  return taken && { data: taken.value.data, at: taken.at };
}

/** The headers of a call outside `callApi` (a file fetched with the session). */
export function apiHeaders(): Record<string, string> {
  return requestHeaders(currentLang(), getSession().token, false);
}

/**
 * The one way the console calls the server. Applies the spec's rules once: headers, credentials, timeouts,
 * the string-"200" rule, error toasts and their suppression, the loading overlay, and logout handling.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: { query?: QueryOf<E>; body?: BodyOf<E> | FormData } = {},
  options: CallOptions = {},
): Promise<DataOf<E>> {
  const timeout = AbortSignal.timeout(options.bigNumbers ? LONG_TIMEOUT_MS : TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const isForm = input.body instanceof FormData;
  if (!options.background) emitApiEvent({ type: 'pending', delta: 1 });
  try {
    let text: string;
    try {
      const url = `/api${endpoint.path}${queryString(input.query as Record<string, unknown>)}`;
      const headers = requestHeaders(currentLang(), getSession().token, endpoint.method === 'POST' && !isForm);
      const early = endpoint.method === 'GET' ? takeEarly(url, headers) : undefined;
      const response = await (early ??
        fetch(url, {
          method: endpoint.method,
          credentials: 'include',
          headers,
          body:
            endpoint.method === 'POST'
              ? isForm
                ? (input.body as FormData)
                : JSON.stringify(input.body ?? {})
              : undefined,
          signal,
        }));
      text = await response.text();
      if (!response.ok && !text.startsWith('{')) throw new Error(`${response.status} ${response.statusText}`);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (!options.silent) emitApiEvent({ type: 'error', message, network: true });
      throw new ApiFailure('network', message, null);
    }
    const envelope = (JSON.parse as (t: string, r?: Reviver) => unknown)(
      text,
      options.bigNumbers ? keepBigIntegers : undefined,
    ) as {
      status: unknown;
      message?: string;
      data: unknown;
    };
    // Legacy rule: success is the string "200" and nothing else.
    if (envelope.status === API_STATUS.ok) return envelope.data as DataOf<E>;
    const status = String(envelope.status);
    const message = envelope.message ?? '';
    if (status === API_STATUS.unauthorized) emitApiEvent({ type: 'logout' });
    const suppressed = message === LOGOUT_MESSAGE || status === API_STATUS.unauthorized;
    if (!options.silent && !suppressed) emitApiEvent({ type: 'error', message, network: false });
    throw new ApiFailure(status, message, envelope.data);
  } finally {
    if (!options.background) emitApiEvent({ type: 'pending', delta: -1 });
  }
}
