import { addDaysToDay } from '@console/contract/http/upkeep';

/**
 * The seasons and holidays a banner's title may name, by the hemisphere its readers live in: the Chinese brands'
 * readers in China (north), the global brand's at Northwind in Sydney (south), where December is summer.
 */
export type Hemisphere = 'north' | 'south';
export type Season = 'spring' | 'summer' | 'autumn' | 'winter';

/** The meteorological seasons by month in the north (December to February is winter); the south's are opposite. */
const NORTH: Season[] = [
  'winter',
  'winter',
  'spring',
  'spring',
  'spring',
  'summer',
  'summer',
  'summer',
  'autumn',
  'autumn',
  'autumn',
  'winter',
];
const OPPOSITE: Record<Season, Season> = { spring: 'autumn', summer: 'winter', autumn: 'spring', winter: 'summer' };

/** The season of a day (`YYYY-MM-DD`) where its readers live. */
export function seasonOf(day: string, hemisphere: Hemisphere): Season {
  const north = NORTH[Number(day.slice(5, 7)) - 1]!;
  return hemisphere === 'north' ? north : OPPOSITE[north];
}

/** The middle day of a banner's days: a title names what most of its days are. */
export const middleDay = (from: string, to: string): string =>
  addDaysToDay(from, Math.floor((Date.parse(to) - Date.parse(from)) / 86_400_000 / 2));

/** Whether a day of the year (`MM-DD`) falls within `from`…`to`, both included, in any year they span. */
export function spansDate(from: string, to: string, monthDay: string): boolean {
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const day = `${year}-${monthDay}`;
    if (day >= from && day <= to) return true;
  }
  return false;
}

/**
 * The first day of the Spring Festival (正月初一) by year, as the State Council's holiday notices name it; the lunar
 * calendar has no rule simple enough to compute here (ICU's own is a day off in 2027 and 2030).
 */
const SPRING_FESTIVAL: Record<number, string> = {
  2024: '02-10',
  2025: '01-29',
  2026: '02-17',
  2027: '02-06',
  2028: '01-26',
  2029: '02-13',
  2030: '02-03',
  2031: '01-23',
  2032: '02-11',
  2033: '01-31',
  2034: '02-19',
  2035: '02-08',
};

/** Whether the Spring Festival's first day falls within `from`…`to` (false in years the table does not hold). */
export function spansSpringFestival(from: string, to: string): boolean {
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const monthDay = SPRING_FESTIVAL[year];
    if (monthDay && `${year}-${monthDay}` >= from && `${year}-${monthDay}` <= to) return true;
  }
  return false;
}
