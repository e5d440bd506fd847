import { enUS } from './en-US.ts';
import { zhCN, type MessageKey } from './zh-CN.ts';

export type Lang = 'zh_CN' | 'en_US';
const catalogs: Record<Lang, Record<MessageKey, string>> = { zh_CN: zhCN, en_US: enUS };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}

/** Translate a message key; an unknown key (never expected) is returned as it is. */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = isMessageKey(key) ? catalogs[lang][key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
