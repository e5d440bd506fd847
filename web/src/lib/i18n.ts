import dayjs from 'dayjs';
import 'dayjs/locale/en-au';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLang, type UiLang } from '@console/contract/codes/ui-lang';
import type { Resources } from '../locales/resources.ts';
import { currencyVariables } from './money.ts';
import { LANG_KEY, startLang } from './start-lang.ts';

export { defaultLang, type UiLang };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

// Every area's catalogs, found at build time: locales/<lang>/<area>.json. Each language is one chunk
// (vite.config.ts) loaded when it is first shown, so a visitor downloads only the language they read.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });
const loaded = new Map<UiLang, Promise<Record<string, Record<string, unknown>>>>();

/** The language's catalogs by area, fetched once. */
function catalogs(lang: UiLang): Promise<Record<string, Record<string, unknown>>> {
  const folder = lang === 'zh-cn' ? 'zh-CN' : 'en-US';
  if (!loaded.has(lang)) {
    const areas = Object.entries(files)
      .filter(([path]) => path.includes(`/locales/${folder}/`))
      .map(async ([path, load]) => [/([^/]+)\.json$/.exec(path)![1]!, await load()] as const);
    loaded.set(lang, Promise.all(areas).then(Object.fromEntries));
  }
  return loaded.get(lang)!;
}

export const i18n = i18next.createInstance();
let ready: Promise<unknown> = Promise.resolve();

/** Starts the console's language: the saved choice, else by time zone. Resolves once its texts are loaded. */
export function initI18n(): Promise<unknown> {
  const lang = startLang();
  applyDayjsLocale(lang);
  ready = catalogs(lang).then((bundle) =>
    i18n.use(initReactI18next).init({
      resources: { [lang]: bundle },
      lng: lang,
      fallbackLng: 'en',
      // i18next would canonicalise 'zh-cn' to 'zh-CN' and miss the catalogs, which are keyed 'zh-cn'.
      lowerCaseLng: true,
      defaultNS: 'common',
      // The brand's currency, which labels name as {{currency}} / {{currencyUnit}} (lib/money.ts).
      interpolation: { escapeValue: false, defaultVariables: currencyVariables },
      returnNull: false,
    }),
  );
  return ready;
}

function applyDayjsLocale(lang: UiLang) {
  dayjs.locale(lang === 'zh-cn' ? 'zh-cn' : 'en-au');
}

/** The language shown; before the texts are set up (the console's first calls), the one they will be in. */
export function currentLang(): UiLang {
  if (!i18n.language) return startLang();
  return i18n.language === 'en' ? 'en' : 'zh-cn';
}

/** The `lang` header: en_US for English, otherwise zh_CN. */
export function currentApiLang(): 'zh_CN' | 'en_US' {
  return currentLang() === 'en' ? 'en_US' : 'zh_CN';
}

export async function changeLang(lang: UiLang): Promise<void> {
  localStorage.setItem(LANG_KEY, lang);
  await ready;
  for (const [area, catalog] of Object.entries(await catalogs(lang))) {
    i18n.addResourceBundle(lang, area, catalog, true, true);
  }
  applyDayjsLocale(lang);
  await i18n.changeLanguage(lang);
}
