/**
 * Real administrative places the demo business works in, with the coordinates of their centre: province, city and
 * district that belong together for the Chinese businesses; state or emirate, city and suburb for the global one.
 * `plate` is the province's licence-plate prefix ('' abroad).
 */
export interface Place {
  province: string;
  city: string;
  district: string;
  lat: number;
  lng: number;
  plate: string;
}

const place = (province: string, city: string, district: string, lat: number, lng: number, plate = ''): Place => ({
  province,
  city,
  district,
  lat,
  lng,
  plate,
});

export const PLACES = {
  pudong: place('上海市', '上海市', '浦东新区', 31.2215, 121.5447, '沪'),
  minhang: place('上海市', '上海市', '闵行区', 31.1129, 121.3817, '沪'),
  xihu: place('浙江省', '杭州市', '西湖区', 30.2595, 120.13, '浙'),
  wuzhong: place('江苏省', '苏州市', '吴中区', 31.2704, 120.6316, '苏'),
  jiangning: place('江苏省', '南京市', '江宁区', 31.9532, 118.8399, '苏'),
  tianhe: place('广东省', '广州市', '天河区', 23.1246, 113.3612, '粤'),
  nanshan: place('广东省', '深圳市', '南山区', 22.5333, 113.9305, '粤'),
  hongshan: place('湖北省', '武汉市', '洪山区', 30.5005, 114.343, '鄂'),
  wuhou: place('四川省', '成都市', '武侯区', 30.6421, 104.0431, '川'),
  jurongEast: place('Singapore', 'Singapore', 'Jurong East', 1.3329, 103.7436),
  parramatta: place('New South Wales', 'Sydney', 'Parramatta', -33.815, 151.0011),
  alQuoz: place('Dubai', 'Dubai', 'Al Quoz', 25.1412, 55.227),
} as const;

/** How a place is written in a line of text: 上海市浦东新区, or Parramatta, Sydney. */
export function placeName(p: Place, lang: 'zh' | 'en'): string {
  return lang === 'zh' ? `${p.city}${p.district}` : `${p.district}, ${p.city}`;
}

/** The place a machine's location names (placeName), if it is one of PLACES. */
export function placeOf(location: string): Place | undefined {
  return Object.values(PLACES).find((p) => location === placeName(p, 'zh') || location === placeName(p, 'en'));
}
