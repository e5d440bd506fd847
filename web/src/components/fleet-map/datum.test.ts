import { describe, expect, it } from 'vitest';
import type { Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-50m.json';
import { fromDisplay, toDisplay } from './datum.ts';
import { mainlandTest } from './mainland.ts';

const inMainland = mainlandTest(atlas as unknown as Topology);

describe('drawing positions on the regional map (WGS-84 to GCJ-02)', () => {
  // Reference conversions of the published GCJ-02 algorithm (the same points as its well-known test suites).
  const KNOWN: [place: string, wgs: [number, number], gcj: [number, number]][] = [
    ['Shanghai', [31.1774276, 121.5272106], [31.17530398364597, 121.531541859215]],
    ['Shenzhen', [22.543847, 113.912316], [22.540796131694766, 113.9171764808363]],
    ['Beijing', [39.911954, 116.377817], [39.91334545536069, 116.38404722455657]],
  ];

  it.each(KNOWN)('moves a point in %s as the reference says', (_place, [lat, lng], [gcjLat, gcjLng]) => {
    const [y, x] = toDisplay(lat, lng, 'gcj02', inMainland);
    expect(y).toBeCloseTo(gcjLat, 7);
    expect(x).toBeCloseTo(gcjLng, 7);
    // Hundreds of metres: the offset a person would see on the tiles.
    expect(Math.hypot(y - lat, x - lng)).toBeGreaterThan(0.002);
  });

  // Macao (30 km²) is below the resolution of the 1:50m outline and counts as mainland (docs/decisions/009).
  const ABROAD: [string, number, number][] = [
    ['Singapore', 1.3521, 103.8198],
    ['Sydney', -33.8688, 151.2093],
    ['Dubai', 25.2048, 55.2708],
    ['Taipei', 25.033, 121.5654],
    ['Hong Kong', 22.2819, 114.1582],
    ['Hanoi', 21.0278, 105.8342],
    ['Seoul', 37.5665, 126.978],
    ['Mumbai', 19.076, 72.8777],
  ];

  it.each(ABROAD)('leaves a point in %s unchanged', (_place, lat, lng) => {
    expect(toDisplay(lat, lng, 'gcj02', inMainland)).toEqual([lat, lng]);
  });

  it('finds the seeded work sites and the far corners of the mainland inside it', () => {
    for (const [lat, lng] of [
      [31.2304, 121.4737], // Shanghai
      [23.1291, 113.2644], // Guangzhou
      [30.5728, 104.0668], // Chengdu
      [43.8256, 87.6168], // Urumqi
      [45.8038, 126.535], // Harbin
      [20.044, 110.1999], // Haikou, Hainan
    ]) {
      expect(inMainland(lat!, lng!), `${lat}, ${lng}`).toBe(true);
    }
  });

  it('draws every point as stored on a WGS-84 basemap (global tiles, the offline basemap)', () => {
    expect(toDisplay(31.1774276, 121.5272106, 'wgs84', inMainland)).toEqual([31.1774276, 121.5272106]);
  });
});

describe('storing what is drawn on the regional map (GCJ-02 back to WGS-84)', () => {
  it('gives back the stored point of a drawn one within a metre, in mainland China', () => {
    for (const [lat, lng] of [
      [31.2304, 121.4737],
      [39.9042, 116.4074],
      [23.1291, 113.2644],
    ] as const) {
      const [y, x] = toDisplay(lat, lng, 'gcj02', inMainland);
      const [backLat, backLng] = fromDisplay(y, x, 'gcj02', inMainland);
      // 1e-5 degrees is about a metre.
      expect(Math.abs(backLat - lat)).toBeLessThan(1e-5);
      expect(Math.abs(backLng - lng)).toBeLessThan(1e-5);
    }
  });

  it('keeps points outside the mainland and on WGS-84 basemaps as drawn', () => {
    expect(fromDisplay(1.3521, 103.8198, 'gcj02', inMainland)).toEqual([1.3521, 103.8198]);
    expect(fromDisplay(31.2304, 121.4737, 'wgs84', inMainland)).toEqual([31.2304, 121.4737]);
  });
});
