import { platformHeightOf } from '@console/contract/codes/lift-heights';
import type { SeedLang } from './business.ts';

/**
 * What a rental company asks for a machine, by what it is and how big (decision 026, addendum on prices): one list
 * per market, yuan in China and Australian dollars in Sydney. The contract lines, the lease price list of the shop,
 * the changes that reprice them and the machines rented in all start from it, so the bills, revenue and arrears
 * derived from them tell one story. A month costs well under thirty days: about sixteen days' hire in China, about
 * nine in Sydney, where the hire trade's monthly rate is a four-week one.
 */
export interface MarketRate {
  dayCents: number;
  monthCents: number;
}

/**
 * A lift's day rate grows with its platform height (contract/codes/lift-heights.ts), a boom's faster than a
 * scissor's: a 6 m scissor lift hires for a fraction of a 20 m boom. Base and rate per metre, in whole units.
 */
const LIFT_RATES: Record<SeedLang, Record<'scissor' | 'boom', { base: number; perMetre: number }>> = {
  zh: { scissor: { base: 60, perMetre: 14 }, boom: { base: 210, perMetre: 42 } },
  en: { scissor: { base: 100, perMetre: 16 }, boom: { base: 180, perMetre: 31 } },
};

/** The other models' rates by their type code, in whole yuan or dollars a day and a month. */
const MODEL_RATES: Record<string, Record<SeedLang, [day: number, month: number]>> = {
  // 3 t electric and 5 t diesel forklifts.
  CPD30: { zh: [260, 4_200], en: [190, 1_750] },
  CPCD50: { zh: [420, 6_900], en: [310, 2_800] },
  // A trailer pump, and a 56 m truck-mounted boom pump: the dearest machine of any fleet.
  HBT6016C: { zh: [1_600, 26_000], en: [950, 8_900] },
  '56X-6RZ': { zh: [6_800, 118_000], en: [3_600, 34_000] },
  HPS3016S: { zh: [950, 16_500], en: [720, 6_600] },
  'RM-800': { zh: [120, 1_900], en: [110, 980] },
  'WB-12': { zh: [1_800, 29_000], en: [1_250, 11_500] },
  // A traction battery pack and its charger hire for little.
  LFP: { zh: [65, 1_050], en: [55, 480] },
  'CH-48V-100A': { zh: [35, 560], en: [30, 260] },
};

/** Days' hire a month costs, by market. */
const MONTH_DAYS: Record<SeedLang, number> = { zh: 16, en: 9 };

/**
 * Cents rounded as a price list writes them: two significant figures below a thousand (¥38, ¥250, A$780), three
 * above (¥1,160, ¥17,600), never below a whole yuan or dollar.
 */
export function listRound(cents: number): number {
  const units = cents / 100;
  const digits = Math.floor(Math.log10(Math.max(units, 1))) + 1;
  const step = 10 ** Math.max(0, digits - (digits >= 4 ? 3 : 2));
  return Math.round(units / step) * step * 100;
}

/** The list rate of a model (its English name, "JCPT1412DC scissor lift") in a market, in cents. */
export function marketRate(modelName: string, lang: SeedLang): MarketRate {
  const height = platformHeightOf(modelName);
  if (height !== null) {
    const { base, perMetre } = LIFT_RATES[lang][modelName.includes('scissor') ? 'scissor' : 'boom'];
    const dayCents = listRound((base + perMetre * height) * 100);
    return { dayCents, monthCents: listRound(dayCents * MONTH_DAYS[lang]) };
  }
  const rates = MODEL_RATES[modelName.split(' ')[0]!]?.[lang];
  if (!rates) throw new Error(`No market rate for ${modelName}`);
  return { dayCents: rates[0] * 100, monthCents: rates[1] * 100 };
}

/**
 * The list price of a model under a business model (decision 029: 22 both prices, 23 and 27 the day price, 24 and
 * 25 the month price): daily hire alone (23) costs a tenth more a day than daily hire over a week (27) or hire that
 * turns monthly (22); a calendar month (25) a twentieth less than a thirty-day one.
 */
export function listPrice(modelName: string, businessModel: number, lang: SeedLang): MarketRate {
  const { dayCents, monthCents } = marketRate(modelName, lang);
  return {
    dayCents: businessModel === 23 ? listRound(dayCents * 1.1) : dayCents,
    monthCents: businessModel === 25 ? listRound(monthCents * 0.95) : monthCents,
  };
}

/**
 * A deposit as a rental desk asks it: rounded up to whole hundreds of yuan or dollars, to whole thousands from a
 * hundred thousand and ten thousands from a million, never less than it should hold.
 */
export function depositRound(cents: number): number {
  const units = cents / 100;
  const digits = Math.floor(Math.log10(Math.max(units, 1))) + 1;
  const step = 10 ** Math.max(2, digits - 3);
  return Math.ceil(units / step) * step * 100;
}

/**
 * What a contract holds as deposit: weeks of the day rate of every machine it hires (its lines' day prices times
 * their counts), in the contract's currency.
 */
export function depositCents(lines: { dayCents: number; count: number }[], weeks: number): number {
  const daily = lines.reduce((sum, l) => sum + l.dayCents * l.count, 0);
  return depositRound(daily * 7 * weeks);
}
