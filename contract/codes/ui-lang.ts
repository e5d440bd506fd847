/** The console's two interface languages, as the language dropdown and the saved choice name them. */
export type UiLang = 'zh-cn' | 'en';

/** Time zones whose browsers default to Chinese (spec section 9). */
const CHINESE_ZONES = [
  'Asia/Shanghai',
  'Asia/Harbin',
  'Asia/Chongqing',
  'Asia/Urumqi',
  'Asia/Hong_Kong',
  'Asia/Taipei',
];

/** A saved choice wins; otherwise Chinese in the listed zones and English elsewhere. */
export function defaultLang(timeZone: string, saved: string | null): UiLang {
  if (saved === 'zh-cn' || saved === 'en') return saved;
  return CHINESE_ZONES.includes(timeZone) ? 'zh-cn' : 'en';
}
