/**
 * Real administrative places the demo business works in, with the coordinates of their centre: province, city and
 * district that belong together for the Chinese businesses; state or emirate, city and suburb for the global one.
 * `plates` are the forms of the region's licence plates (`#` a digit, `?` a letter): a mainland plate is its province's character and city's letter, then five characters, most often digits.
 */
export interface Place {
  province: string;
  city: string;
  district: string;
  lat: number;
  lng: number;
  plates: readonly string[];
}

const place = (
  province: string,
  city: string,
  district: string,
  lat: number,
  lng: number,
  plates: readonly string[],
): Place => ({ province, city, district, lat, lng, plates });

/** A mainland city's plates: digits, sometimes one letter among them. */
const mainland = (prefix: string) => [`${prefix}#####`, `${prefix}#####`, `${prefix}?####`, `${prefix}##?##`];

export const PLACES = {
  pudong: place('上海市', '上海市', '浦东新区', 31.2215, 121.5447, mainland('沪A')),
  minhang: place('上海市', '上海市', '闵行区', 31.1129, 121.3817, mainland('沪B')),
  xihu: place('浙江省', '杭州市', '西湖区', 30.2595, 120.13, mainland('浙A')),
  wuzhong: place('江苏省', '苏州市', '吴中区', 31.2704, 120.6316, mainland('苏E')),
  jiangning: place('江苏省', '南京市', '江宁区', 31.9532, 118.8399, mainland('苏A')),
  tianhe: place('广东省', '广州市', '天河区', 23.1246, 113.3612, mainland('粤A')),
  nanshan: place('广东省', '深圳市', '南山区', 22.5333, 113.9305, mainland('粤B')),
  hongshan: place('湖北省', '武汉市', '洪山区', 30.5005, 114.343, mainland('鄂A')),
  wuhou: place('四川省', '成都市', '武侯区', 30.6421, 104.0431, mainland('川A')),
  jurongEast: place('Singapore', 'Singapore', 'Jurong East', 1.3329, 103.7436, ['S??####?', 'S??###?']),
  parramatta: place('New South Wales', 'Sydney', 'Parramatta', -33.815, 151.0011, ['??##??']),
  alQuoz: place('Dubai', 'Dubai', 'Al Quoz', 25.1412, 55.227, ['? #####']),
} as const;

/** Plates skip the letters read as digits. */
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** How many characters the seeds draw for a machine's plate there: 6 on the mainland, 7 abroad (as they always did). */
export const plateDraws = (p: Place): number => (/^\p{Script=Han}/u.test(p.plates[0]!) ? 6 : 7);

/**
 * A licence plate of the place, in one of its forms (沪A52871, 苏E3K918, BX42QD), made from characters drawn for it:
 * the seeds draw the same characters as they always did, so every draw after a plate stays where it was and the
 * demo business stays the same business.
 */
export function plateOf(p: Place, drawn: string): string {
  if (drawn.length === 0) throw new Error('a plate needs drawn characters');
  const code = (i: number) => drawn.charCodeAt(i % drawn.length);
  const form = p.plates[code(0) % p.plates.length]!;
  return [...form]
    .map((c, i) =>
      c === '#' ? String(code(i + 1) % 10) : c === '?' ? PLATE_LETTERS[code(i + 1) % PLATE_LETTERS.length]! : c,
    )
    .join('');
}

/** How a place is written in a line of text: 上海市浦东新区, or Parramatta, Sydney. */
export function placeName(p: Place, lang: 'zh' | 'en'): string {
  return lang === 'zh' ? `${p.city}${p.district}` : `${p.district}, ${p.city}`;
}

/** The place a machine's location names (placeName), if it is one of PLACES. */
export function placeOf(location: string): Place | undefined {
  return Object.values(PLACES).find((p) => location === placeName(p, 'zh') || location === placeName(p, 'en'));
}
