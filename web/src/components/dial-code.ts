import type { BrandInfo } from '@console/contract/http/brand';

/** Calling codes offered beside a number; the brand's own (defaultDialCode) is preselected. */
export const AREA_CODES = [
  '86',
  '852',
  '853',
  '886',
  '1',
  '44',
  '61',
  '65',
  '60',
  '81',
  '82',
  '971',
  '49',
  '33',
  '91',
  '66',
  '84',
];

/** The countries of the offered codes, to read the browser's own country as a code. */
const COUNTRY_CODES: Record<string, string> = {
  CN: '86',
  HK: '852',
  MO: '853',
  TW: '886',
  US: '1',
  CA: '1',
  GB: '44',
  AU: '61',
  SG: '65',
  MY: '60',
  JP: '81',
  KR: '82',
  AE: '971',
  DE: '49',
  FR: '33',
  IN: '91',
  TH: '66',
  VN: '84',
};

/**
 * The code a phone field starts with: the brand's region's (brand.json `dialCode`; a regional brand is +86),
 * else, for a global brand whose pack names none, the browser's country when it is one of the offered codes,
 * else +86. A global English brand must not assume its users dial +86 (decision 027).
 */
export function defaultDialCode(info: BrandInfo, languages: readonly string[] = navigator.languages): string {
  if (info.dialCode) return info.dialCode;
  if (info.region === 'zh') return '86';
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && COUNTRY_CODES[region]) return COUNTRY_CODES[region];
    } catch {
      // A malformed language tag says nothing about the country.
    }
  }
  return '86';
}
