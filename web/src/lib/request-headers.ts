import type { UiLang } from '@console/contract/codes/ui-lang';
import { browserTimeZone } from './time-zone.ts';

/**
 * The headers every call to the API carries (spec section 7), for the console and the sign-in pages alike: the
 * language, the time zone, the session's token when signed in, and the type of a JSON body.
 */
export function requestHeaders(lang: UiLang, token: string | undefined, jsonBody: boolean): Record<string, string> {
  return {
    lang: lang === 'en' ? 'en_US' : 'zh_CN',
    timeZone: browserTimeZone(),
    ...(token ? { token } : {}),
    ...(jsonBody ? { 'content-type': 'application/json' } : {}),
  };
}
