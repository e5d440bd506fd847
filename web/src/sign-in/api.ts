import type { UiLang } from '@console/contract/codes/ui-lang';
import type { DataOf, Endpoint, QueryOf } from '@console/contract/http/endpoint';
import { API_STATUS } from '@console/contract/http/envelope';
import { takeEarly } from '../lib/early-calls.ts';
import { requestHeaders } from '../lib/request-headers.ts';

/** spec section 7's timeout, as the console's client (lib/api-client.ts) applies it. */
const TIMEOUT_MS = 120000;

/** A refused call: the envelope's status, message (in the request's language) and data. */
export class CallFailure extends Error {
  constructor(
    readonly status: string,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

/**
 * The sign-in pages' calls, with the rules of the console's client (lib/api-client.ts): the `lang`, `timeZone` and
 * `token` headers, the query string, the string-"200" rule. That client reads the language from i18next, which the
 * sign-in pages do not load; nothing is toasted here: each caller shows its refusal beside what was asked.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  query: QueryOf<E>,
  options: { lang: UiLang; token?: string },
): Promise<DataOf<E>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.size ? `?${params}` : '';
  const url = `/api${endpoint.path}${search}`;
  const headers = requestHeaders(options.lang, options.token, endpoint.method === 'POST');
  let text: string;
  try {
    // The brand, asked for by the page's entry as it chose this page (lib/early-calls.ts).
    const early = endpoint.method === 'GET' ? takeEarly(url, headers) : undefined;
    const response = await (early ??
      fetch(url, {
        method: endpoint.method,
        credentials: 'include',
        headers,
        body: endpoint.method === 'POST' ? '{}' : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }));
    text = await response.text();
    if (!response.ok && !text.startsWith('{')) throw new Error(`${response.status} ${response.statusText}`);
  } catch (error) {
    throw new CallFailure('network', error instanceof Error ? error.message : String(error), null);
  }
  const envelope = JSON.parse(text) as { status: unknown; message?: string; data: unknown };
  if (envelope.status === API_STATUS.ok) return envelope.data as DataOf<E>;
  throw new CallFailure(String(envelope.status), envelope.message ?? '', envelope.data);
}
