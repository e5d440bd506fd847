import { brandInfo, type BrandInfo } from '@console/contract/http/brand';
import { CNY } from '@console/contract/codes/money';
import type { UiLang } from '@console/contract/codes/ui-lang';
import { isHexColor } from './color.ts';

/** The brand the console is presented under (spec: loaded at start from host/metadata.do). */
export interface Brand {
  appid: string;
  info: BrandInfo;
}

/** Used until metadata answers, and for good when it fails (spec section 8: silently ignored). */
export const DEFAULT_BRAND: Brand = {
  appid: '',
  info: {
    color: '#1f6feb',
    logo: '/favicon.svg',
    company: '',
    homepage: '',
    brand: '',
    region: 'zh',
    // Empty: the catalog's default title ('Engineering machinery' / 工程机械) applies.
    title: { zh: '', en: '' },
    theme: {
      header: '#ffffff',
      sidebar: '#001529',
      sidebarText: '#ffffffa6',
      versionBg: '#e8f1ff',
      versionText: '#1f6feb',
    },
    languageSwitch: true,
    copyright: { zh: '', en: '' },
    money: CNY,
    taxRegime: 'cnVat',
  },
};

/** The brand's copyright line in the page's language. */
export function brandCopyright(info: BrandInfo, lang: UiLang): string {
  return lang === 'en' ? info.copyright.en : info.copyright.zh;
}

/** A logo is a same-origin path, an http(s) URL or a raster data URL: shown through <img>, it cannot run script. */
export function isSafeImageUrl(value: string): boolean {
  return (
    (value.startsWith('/') && !value.startsWith('//')) ||
    /^https?:\/\//i.test(value) ||
    /^data:image\/(png|jpeg|gif|webp);base64,/i.test(value)
  );
}

/** Parse metadata.do's answer; every field that is missing or unsafe keeps the default. */
export function parseBrand(raw: { data: string; appid: string }): Brand {
  let json: unknown;
  try {
    json = JSON.parse(raw.data);
  } catch {
    return { ...DEFAULT_BRAND, appid: raw.appid };
  }
  const parsed = brandInfo.partial().safeParse(json);
  if (!parsed.success) return { ...DEFAULT_BRAND, appid: raw.appid };
  const base = DEFAULT_BRAND.info;
  const given = parsed.data;
  const colour = (value: string | undefined, fallback: string) => (isHexColor(value) ? value : fallback);
  const theme = given.theme ?? base.theme;
  return {
    appid: raw.appid,
    info: {
      ...base,
      ...given,
      color: colour(given.color, base.color),
      logo: given.logo && isSafeImageUrl(given.logo) ? given.logo : base.logo,
      title: given.title ?? base.title,
      theme: {
        header: colour(theme.header, base.theme.header),
        sidebar: colour(theme.sidebar, base.theme.sidebar),
        sidebarText: colour(theme.sidebarText, base.theme.sidebarText),
        versionBg: colour(theme.versionBg, base.theme.versionBg),
        versionText: colour(theme.versionText, base.theme.versionText),
      },
    },
  };
}
