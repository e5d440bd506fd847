import { defaultLang, type UiLang } from '@console/contract/codes/ui-lang';
import { browserTimeZone } from './time-zone.ts';

/** Where the console and the sign-in pages keep the language the user chose. */
export const LANG_KEY = 'lang';

/** The language a page starts in: the saved choice, else the time zone's (the sign-in pages and the console alike). */
export function startLang(): UiLang {
  return defaultLang(browserTimeZone(), localStorage.getItem(LANG_KEY));
}
