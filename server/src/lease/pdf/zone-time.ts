import { formatInZone } from '../../lib/time.ts';

// One formatter per locale and zone: making one costs far more than using it.
const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name as the locale writes it at that moment: "AEDT" (en-AU, Sydney in summer), "GMT+8". */
function zoneName(at: Date, timeZone: string, locale: string): string {
  const key = `${locale}/${timeZone}`;
  let format = zoneNames.get(key);
  if (!format) zoneNames.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })));
  return format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * A moment as a document prints it: the wall-clock time in the organisation's zone, written as the document's
 * other days are (YYYY-MM-DD HH:mm), and the zone named in the document's language, so a reader abroad knows
 * which clock it is. `locale` is the document's: zh-CN for Chinese, the brand's English (en-AU) for English.
 */
export function documentTime(at: Date, timeZone: string, locale: string): string {
  return `${formatInZone(at, timeZone).slice(0, 16)} ${zoneName(at, timeZone, locale)}`;
}

/** The locale a document in this language writes in: the brand's own when it speaks that language. */
export function documentLocale(lang: 'zh' | 'en', brandLocale: string): string {
  if (brandLocale.startsWith(`${lang}-`)) return brandLocale;
  return lang === 'zh' ? 'zh-CN' : 'en';
}
