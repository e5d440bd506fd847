import i18next from 'i18next';
import { enUS } from './en-US.ts';
import { zhCN, type MessageKey } from './zh-CN.ts';

export type Lang = 'zh_CN' | 'en_US';

/** The language tag i18next resolves plurals with, per `lang` header value. */
const LOCALE: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en-US' };

/**
 * Server messages are i18next resources, as the console's texts are: one syntax (`{{name}}`), one lookup. Keys
 * are flat (`error.notFound` is one key, not a path), so the separators are off.
 */
const messages = i18next.createInstance();
void messages.init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: 'zh-CN',
  fallbackLng: false,
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});

// The console types i18next's keys by its own resources (module augmentation in web/src/lib/i18n.ts); these are
// the server's, checked by MessageKey instead.
const t = messages.t.bind(messages) as unknown as (key: MessageKey, options: Record<string, unknown>) => string;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}

/** Translate a message key; an unknown key (never expected) is returned as it is, and so is a missing parameter. */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  if (!isMessageKey(key)) return key;
  return t(key, { ...params, lng: LOCALE[lang] });
}
