import { PLACES, type Place } from './places.ts';

/**
 * The rules every seeded record follows, in one place (tests/integration/seed/coherence.test.ts checks them over
 * the whole seeded database):
 * - each rental company's business is written in its brand's language: the first two lease in China under the
 *   Chinese brands (zh), the third abroad under the global brand (en); its customers, places, fault records,
 *   upkeep plans, feedback, cases and work orders are in that language;
 * - places are real: province, city and district (or state, city and suburb) that belong together, from PLACES;
 * - customers are in trades that rent such machines;
 * - fault, part, fix, case and upkeep texts belong to the machine's kind (kind-texts.ts), and a machine's name
 *   names its own model's kind;
 * - counts agree with the records behind them: no machine is seeded locked, since locks come from lock tasks and
 *   risk records (docs/decisions/026-demo-data.md).
 */
export type SeedLang = 'zh' | 'en';

/** A text in both languages, read in the business's language with `say`. */
export interface Both {
  zh: string;
  en: string;
}
export const say = (lang: SeedLang, text: Both): string => text[lang];

export interface Business {
  lessor: string;
  /** Its registered names in the languages it keeps (decision 064): a Chinese document names it in Chinese. */
  names: { zh: string; en: string };
  /** The brand it does business under: its currency and tax regime. */
  appid: string;
  lang: SeedLang;
  /** The zone its business days and bills are counted in when it is not Beijing time (its head office's). */
  timeZone?: string;
  /** Where its machines work; the first is its head office. */
  places: Place[];
  /** Its customers: trades that rent lifts, forklifts, pumps and the rest. */
  customers: string[];
  /** Share of the fleet it owns. */
  share: number;
}

export const BUSINESSES: Business[] = [
  {
    lessor: 'Huadong Aerial Leasing',
    names: { zh: '华东高空作业设备租赁有限公司', en: 'Huadong Aerial Work Equipment Leasing Co., Ltd.' },
    appid: 'zjcloud',
    lang: 'zh',
    places: [PLACES.pudong, PLACES.minhang, PLACES.xihu, PLACES.wuzhong, PLACES.jiangning],
    customers: ['上海浦江建设工程有限公司', '杭州之江幕墙装饰工程有限公司', '苏州长三角仓储物流有限公司'],
    share: 0.5,
  },
  {
    lessor: 'Pearl River Lift Rental',
    names: { zh: '珠江升降设备租赁有限公司', en: 'Pearl River Lifting Equipment Rental Co., Ltd.' },
    appid: 'zjcloud',
    lang: 'zh',
    places: [PLACES.tianhe, PLACES.nanshan, PLACES.hongshan, PLACES.wuhou],
    customers: ['广州羊城钢结构工程有限公司', '深圳鹏城物业设施管理有限公司', '武汉江汉路桥建设有限公司'],
    share: 0.3,
  },
  {
    lessor: 'Northwind Equipment Hire',
    // An Australian company keeps its name in English only.
    names: { zh: '', en: 'Northwind Equipment Hire Pty Ltd' },
    appid: 'liftgo',
    lang: 'en',
    timeZone: 'Australia/Sydney',
    places: [PLACES.parramatta, PLACES.jurongEast, PLACES.alQuoz],
    customers: ['Harbourline Construction Pty Ltd', 'Jurong Facility Services Pte Ltd', 'Gulf Steel Erectors LLC'],
    share: 0.2,
  },
];

/** The operator and the distributors: Chinese companies of the Chinese brands. */
export const OPERATOR = {
  name: 'Zhongji Machinery Cloud',
  names: { zh: '中机云科技有限公司', en: 'Zhongji Machinery Cloud Co., Ltd.' },
  place: PLACES.pudong,
};
export const DISTRIBUTORS = [
  {
    name: 'Sanjiang Machinery Distribution',
    names: { zh: '南京三江机械销售有限公司', en: 'Nanjing Sanjiang Machinery Distribution Co., Ltd.' },
    place: PLACES.jiangning,
  },
  {
    name: 'Lingnan Equipment Trading',
    names: { zh: '广州岭南设备贸易有限公司', en: 'Guangzhou Lingnan Equipment Trading Co., Ltd.' },
    place: PLACES.tianhe,
  },
];
export const SUBLESSOR = {
  name: 'Jiangnan Sublease Partners',
  names: { zh: '苏州江南设备转租有限公司', en: 'Suzhou Jiangnan Equipment Sublease Co., Ltd.' },
  place: PLACES.wuzhong,
};
/** Northwind's sub-lessor: a hire company of Western Sydney, which keeps its name in English only (as Northwind). */
export const AU_SUBLESSOR = {
  name: 'Westlink Access Hire Pty Ltd',
  place: PLACES.parramatta,
  contact: 'Darren Walsh',
};

/** Streets of the places, for addresses that read true (a number is added). */
export const STREETS: Record<string, string[]> = {
  浦东新区: ['张江路', '世纪大道', '川沙路'],
  闵行区: ['沪闵路', '莘庄工业区春中路'],
  西湖区: ['文三路', '西溪路'],
  吴中区: ['东吴北路', '宝带西路'],
  江宁区: ['双龙大道', '胜太路'],
  天河区: ['天河北路', '黄埔大道西'],
  南山区: ['科技园南路', '蛇口工业大道'],
  洪山区: ['珞喻路', '雄楚大道'],
  武侯区: ['武侯大道', '二环路南四段'],
  Parramatta: ['Church Street', 'James Ruse Drive'],
  'Jurong East': ['Jurong Gateway Road', 'Toh Guan Road'],
  'Al Quoz': ['Al Khail Road', 'Umm Suqeim Street'],
};

export function streetAddress(p: Place, lang: SeedLang, n: number): string {
  const streets = STREETS[p.district]!;
  const street = streets[n % streets.length]!;
  const number = 10 + ((n * 37) % 880);
  return lang === 'zh' ? `${street}${number}号` : `${number} ${street}`;
}
