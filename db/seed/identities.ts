import { completeIdNumber, IDENTITY_TYPE } from '@console/contract/lease/renter-identity';
import { isAbn } from '@console/contract/codes/tax-regimes';
import type { SeedLang } from './business.ts';

/**
 * People's names, mobiles and companies' registration numbers as the seeded businesses' own would read
 * (docs/decisions/026-demo-data.md): faker's Chinese names run to rare compound surnames and its English ones to
 * "Fadel-Murazik, DVM", so names come from the common ones of each country; numbers are of their country's form,
 * with their check characters, and not counted up.
 */

/** The most common Chinese surnames (single-character, as nine people in ten bear). */
const ZH_SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏付方邹熊孟秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万严武戴孔汤',
];
/** Given names of working adults of East and South China, born between the 1960s and the 1990s. */
const ZH_GIVEN = [
  ...['伟', '敏', '静', '磊', '军', '勇', '杰', '涛', '强', '平', '刚', '斌', '鹏', '辉', '华', '娟', '霞', '燕'],
  ...['建华', '志强', '海燕', '晓东', '文斌', '建国', '国庆', '俊杰', '晓峰', '丽华', '春梅', '红梅', '永刚', '德明'],
  ...['海涛', '建军', '晓燕', '玉兰', '志刚', '少华', '立新', '文杰', '佳伟', '雪梅', '明辉', '家豪', '嘉欣', '宇航'],
  ...['子轩', '思远', '雨欣', '浩然', '婷婷', '晓丽', '振华', '国栋', '美玲', '秀珍', '建平', '卫东', '春华', '凯'],
];
/** First names and surnames common in Australia (among them its largest migrant communities'). */
const EN_FIRST = [
  ...['Jack', 'Oliver', 'William', 'Noah', 'Thomas', 'James', 'Lachlan', 'Liam', 'Ethan', 'Cooper', 'Mitchell'],
  ...['Daniel', 'Matthew', 'Ryan', 'Joshua', 'Ben', 'Sam', 'Luke', 'Nathan', 'Brendan', 'Craig', 'Darren', 'Scott'],
  ...['Glenn', 'Shane', 'Michelle', 'Sarah', 'Jessica', 'Emily', 'Chloe', 'Olivia', 'Charlotte', 'Mia', 'Grace'],
  ...['Hannah', 'Kate', 'Rebecca', 'Amy', 'Lauren', 'Megan', 'Natalie', 'Karen', 'Lisa', 'Tanya', 'Priya', 'Anh'],
];
const EN_LAST = [
  ...['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson'],
  ...['Thompson', 'Nguyen', 'Walker', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Wright', 'Evans'],
  ...['Roberts', 'Green', 'Hall', 'Wood', 'Clarke', 'Patel', 'Singh', 'Murphy', "O'Brien", 'Campbell', 'Hughes'],
  ...['Edwards', 'Stewart', 'Walsh', 'McDonald', 'Baker', 'Cooper', 'Gray', 'Bennett', 'Fraser', 'Hill', 'Tran'],
];

/** FNV-1a: a fixed spread of a text, so a pick depends on nothing drawn elsewhere. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A person's name and what colleagues call them, picked by a key. The callers that drew faker's name before pass
 * that draw as the key, so the steps after them draw what they drew.
 */
export function personName(lang: SeedLang, key: string): { name: string; given: string } {
  const h = hashOf(key);
  const h2 = hashOf(`${key}#`);
  if (lang === 'zh') {
    const given = ZH_GIVEN[h2 % ZH_GIVEN.length]!;
    return { name: ZH_SURNAMES[h % ZH_SURNAMES.length]! + given, given };
  }
  const given = EN_FIRST[h2 % EN_FIRST.length]!;
  return { name: `${given} ${EN_LAST[h % EN_LAST.length]}`, given };
}

/** Mainland mobile network prefixes in use (China Mobile, Unicom, Telecom). */
const CN_PREFIXES = ['135', '136', '137', '139', '150', '151', '152', '158', '159', '187'];
const CN_PREFIXES_2 = ['131', '132', '155', '156', '185', '186', '133', '153', '180', '181', '189', '177', '199'];

/** A mainland mobile: a carrier prefix and eight digits (digits drawn by faker, or spread from a key). */
export const cnMobile = (digits: string): string => `${CN_PREFIXES[Number(digits[7])]}${digits}`;
/** An Australian mobile as its accounts keep it (area code 61 beside it): 4 and eight digits. */
export const auMobile = (digits: string): string => `4${digits}`;
/** Eight digits spread from a key, for fixed people whose number must not follow the one before. */
export const digitsOf = (key: string): string => String(hashOf(key) % 100_000_000).padStart(8, '0');
/**
 * A mainland mobile for a fixed person of the seed, from a key; its prefixes are none of those the faker-drawn
 * numbers take (cnMobile) nor the demo accounts' 138, so it is no other seed's.
 */
export const fixedCnMobile = (key: string): string => {
  const digits = digitsOf(key);
  return `${CN_PREFIXES_2[Number(digits[0]) % CN_PREFIXES_2.length]}${digits}`;
};

/** Administrative division codes (GB/T 2260) of the seeded Chinese districts, which lead a credit code. */
const DIVISION_CODES: Record<string, string> = {
  浦东新区: '310115',
  闵行区: '310112',
  西湖区: '330106',
  吴中区: '320506',
  江宁区: '320115',
  天河区: '440106',
  南山区: '440305',
  洪山区: '420111',
  武侯区: '510107',
};

const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/**
 * A unified social credit code (GB 32100) of a company registered in a district: 9 (registered with the market
 * regulator) 1 (a company), the district's code, an organisation code of the newer "MA" series with its own check
 * character (GB 11714), and the code's check character. The key spreads the organisation code.
 */
export function creditCodeOf(district: string, key: string): string {
  const division = DIVISION_CODES[district];
  if (!division) throw new Error(`no division code for ${district}`);
  let h = hashOf(key);
  let body = 'MA';
  for (let i = 0; i < 6; i++, h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0) body += CODE_CHARS[h % 31];
  const sum = ORG_WEIGHTS.reduce((s, w, i) => s + w * parseInt(body[i]!, 36), 0);
  const check = (11 - (sum % 11)) % 11;
  const orgCode = body + (check === 10 ? 'X' : String(check));
  return completeIdNumber(IDENTITY_TYPE.company, `91${division}${orgCode}`);
}

/** A valid ABN for a demo company abroad: nine digits from its id, led by the two check digits that make it valid. */
export function abnOf(orgId: number): string {
  const body = String((orgId * 7_919_311 + 428_615_003) % 1_000_000_000).padStart(9, '0');
  for (let lead = 10; lead < 100; lead++) if (isAbn(`${lead}${body}`)) return `${lead}${body}`;
  throw new Error(`no ABN for ${body}`);
}

/** An ABN as it is printed: "51 824 753 556" (as the console keeps one). */
export { formatAbn } from '@console/contract/lease/renter-identity';
