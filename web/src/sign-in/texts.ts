import type { UiLang } from '@console/contract/codes/ui-lang';
import { MESSAGE_KEYS, type SignInTextKey } from './text-keys.ts';

export type SignInTexts = Record<SignInTextKey, string>;
export type Translate = (key: SignInTextKey, params?: Record<string, string | number>) => string;

const loaded = new Map<UiLang, Promise<SignInTexts>>();

/** One language's sign-in texts: a chunk of a few hundred bytes each, fetched once. */
export function loadTexts(lang: UiLang): Promise<SignInTexts> {
  if (!loaded.has(lang)) {
    loaded.set(
      lang,
      (lang === 'en' ? import('./texts-en.ts') : import('./texts-zh.ts')).then((m) => m.default as SignInTexts),
    );
  }
  return loaded.get(lang)!;
}

/** The texts' `t`: `{{name}}` placeholders filled from params, as the console's i18next fills them. */
export function translator(texts: SignInTexts): Translate {
  return (key, params = {}) =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/** Whether the page carries this server message key's text (src/sign-in/text-keys.ts). */
export function isShownMessage(key: string): key is SignInTextKey {
  return (MESSAGE_KEYS as readonly string[]).includes(key);
}

/** A server message key (a schema's error) in the shown language; one the page does not carry reads as `fallback`. */
export function messageText(t: Translate, key: string, fallback = t('validation.invalid')): string {
  return isShownMessage(key) ? t(key) : fallback;
}
