import type { UiLang } from '@console/contract/codes/ui-lang';
import { requestHeaders } from './request-headers.ts';

/**
 * The reads the console makes first (the brand; the signed-in user; the opened page's first data), asked by the
 * page's entry before the console's code has loaded (decision 060): their answers travel while the console's chunks
 * download and run, instead of after. The console's first call for the same address with the same headers takes the
 * answer; any later call asks anew, and once the user leaves the page the console opened at, an answer nobody took
 * is dropped (dropEarly): it would be out of date.
 */
interface EarlyAnswer {
  response: Promise<Response>;
  /** The answer's body once it has arrived, read as it came while the console's code was loading. */
  arrived?: { ok: boolean; text: string; at: number };
}

const early = new Map<string, EarlyAnswer>();

const keyOf = (url: string, headers: Record<string, string>) => `${url} ${JSON.stringify(headers)}`;

/** Ask for these GET paths of the API now, as the console will (same language, zone and token). */
export function askEarly(paths: readonly string[], lang: UiLang, token: string | undefined): void {
  const headers = requestHeaders(lang, token, false);
  for (const path of paths) {
    const url = `/api${path}`;
    const answer: EarlyAnswer = {
      // The body is read at once: read later, on a main thread busy drawing the console, it came a task at a time.
      response: fetch(url, { credentials: 'include', headers }).then(async (response) => {
        const text = await response.text();
        answer.arrived = { ok: response.ok, text, at: Date.now() };
        return new Response(text, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }),
    };
    // A failure reaches the call that takes the answer; none is reported here.
    answer.response.catch(() => undefined);
    early.set(keyOf(url, headers), answer);
  }
}

/** The answer asked for early for this GET, once; undefined when there is none. */
export function takeEarly(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const key = keyOf(url, headers);
  const answer = early.get(key);
  early.delete(key);
  return answer?.response;
}

/**
 * The body of the answer asked for early for this GET, if it has arrived and `accept` takes it (the caller's reading
 * of it, or undefined): then it is taken, once, and the caller draws from it without asking. An answer not yet in or
 * not accepted stays for `takeEarly`.
 */
export function takeArrived<T>(
  url: string,
  headers: Record<string, string>,
  accept: (text: string) => T | undefined,
): { value: T; at: number } | undefined {
  const key = keyOf(url, headers);
  const arrived = early.get(key)?.arrived;
  if (!arrived?.ok) return undefined;
  const value = accept(arrived.text);
  if (value === undefined) return undefined;
  early.delete(key);
  return { value, at: arrived.at };
}

/** Whether any answer asked for early is still to be taken: every read asks this, mostly when there is none. */
export function anyEarly(): boolean {
  return early.size > 0;
}

/** Forgets the answers nobody took (the console has moved on from the page they were asked for). */
export function dropEarly(): void {
  early.clear();
}
