import type { UiLang } from '@console/contract/codes/ui-lang';
import { requestHeaders } from './request-headers.ts';

/**
 * The reads the console makes first (the brand; the signed-in user), asked by the page's entry before the console's
 * code has loaded (decision 060): their answers travel while the console's chunks download and run, instead of
 * after. The console's first call for the same address with the same headers takes the answer; any later call asks
 * anew.
 */
const early = new Map<string, Promise<Response>>();

const keyOf = (url: string, headers: Record<string, string>) => `${url} ${JSON.stringify(headers)}`;

/** Ask for these GET paths of the API now, as the console will (same language, zone and token). */
export function askEarly(paths: readonly string[], lang: UiLang, token: string | undefined): void {
  const headers = requestHeaders(lang, token, false);
  for (const path of paths) {
    const url = `/api${path}`;
    const response = fetch(url, { credentials: 'include', headers });
    // A failure reaches the call that takes the answer; none is reported here.
    response.catch(() => undefined);
    early.set(keyOf(url, headers), response);
  }
}

/** The answer asked for early for this GET, once; undefined when there is none. */
export function takeEarly(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const key = keyOf(url, headers);
  const response = early.get(key);
  early.delete(key);
  return response;
}
