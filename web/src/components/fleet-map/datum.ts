import gcoord from 'gcoord';

/**
 * The datum a basemap is drawn in. Positions are stored in WGS-84; the regional (mainland China) tile provider
 * draws in GCJ-02, the offset datum Chinese law requires of maps there, so markers on its tiles are converted.
 * The offset is applied only inside mainland China: elsewhere GCJ-02 equals WGS-84.
 */
export type Datum = 'wgs84' | 'gcj02';

/** Is a WGS-84 position inside mainland China? (mainland.ts builds one from the offline map data.) */
export type RegionTest = (lat: number, lng: number) => boolean;

/** Where a stored (WGS-84) position is drawn on a basemap of the datum, as [lat, lng]. */
export function toDisplay(lat: number, lng: number, datum: Datum, inMainland: RegionTest): [number, number] {
  if (datum === 'wgs84' || !inMainland(lat, lng)) return [lat, lng];
  const [x, y] = gcoord.transform([lng, lat] as [number, number], gcoord.WGS84, gcoord.GCJ02);
  return [y, x];
}

/** Where a point drawn on a basemap of the datum is stored (WGS-84), as [lat, lng]: the inverse of toDisplay. */
export function fromDisplay(lat: number, lng: number, datum: Datum, inMainland: RegionTest): [number, number] {
  if (datum === 'wgs84') return [lat, lng];
  const [x, y] = gcoord.transform([lng, lat] as [number, number], gcoord.GCJ02, gcoord.WGS84);
  return inMainland(y, x) ? [y, x] : [lat, lng];
}
