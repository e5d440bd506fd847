import dayjs from 'dayjs';
import 'dayjs/locale/en-au';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLang, type UiLang } from '@console/contract/codes/ui-lang';
import type { Resources } from '../locales/resources.ts';

export { defaultLang, type UiLang };

const LANG_KEY = 'lang';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

// Every area's catalogs, found at build time: locales/<lang>/<area>.json.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, catalog] of Object.entries(files)) {
  const [, lang, area] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  const key = lang === 'zh-CN' ? 'zh-cn' : 'en';
  resources[key] = { ...resources[key], [area!]: catalog };
}

export const i18n = i18next.createInstance();

export function initI18n(): typeof i18n {
  const lang = defaultLang(Intl.DateTimeFormat().resolvedOptions().timeZone, localStorage.getItem(LANG_KEY));
  void i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'en',
    // i18next would canonicalise 'zh-cn' to 'zh-CN' and miss the catalogs, which are keyed 'zh-cn'.
    lowerCaseLng: true,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDayjsLocale(lang);
  return i18n;
}

function applyDayjsLocale(lang: UiLang) {
  dayjs.locale(lang === 'zh-cn' ? 'zh-cn' : 'en-au');
}

export function currentLang(): UiLang {
  return i18n.language === 'en' ? 'en' : 'zh-cn';
}

/** The `lang` header: en_US for English, otherwise zh_CN. */
export function currentApiLang(): 'zh_CN' | 'en_US' {
  return currentLang() === 'en' ? 'en_US' : 'zh_CN';
}

export async function changeLang(lang: UiLang): Promise<void> {
  localStorage.setItem(LANG_KEY, lang);
  applyDayjsLocale(lang);
  await i18n.changeLanguage(lang);
}
