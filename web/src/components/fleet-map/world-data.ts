import type { FeatureCollection, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlasUrl from 'world-atlas/countries-50m.json?url';
import type { RegionTest } from './datum.ts';
import { mainlandTest } from './mainland.ts';

export interface World {
  /** The countries of Natural Earth 1:50m, drawn as the offline basemap. */
  countries: FeatureCollection;
  inMainland: RegionTest;
}

let loading: Promise<World> | null = null;

/**
 * The data is made for spherical projections: rings that cross the antimeridian (Fiji, Chukotka) jump from
 * +180 to -180. On Leaflet's flat map that jump is a line across the world, so each ring is made continuous.
 */
function unwrapRings(collection: FeatureCollection): void {
  const unwrap = (ring: Position[]) => {
    for (let k = 1; k < ring.length; k++) {
      const previous = ring[k - 1]![0]!;
      let lng = ring[k]![0]!;
      while (lng - previous > 180) lng -= 360;
      while (lng - previous < -180) lng += 360;
      ring[k]![0] = lng;
    }
  };
  for (const { geometry } of collection.features) {
    if (geometry.type === 'Polygon') geometry.coordinates.forEach(unwrap);
    if (geometry.type === 'MultiPolygon') geometry.coordinates.forEach((polygon) => polygon.forEach(unwrap));
  }
}

/**
 * The offline map data (npm world-atlas, served with the console as an asset), fetched once and only by a page
 * that needs it: for the offline basemap, or for the mainland test of the regional provider.
 */
export function loadWorld(): Promise<World> {
  loading ??= fetch(atlasUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`map data: HTTP ${response.status}`);
      return response.json() as Promise<Topology>;
    })
    .then((topology) => {
      const countries = feature(topology, topology.objects.countries as GeometryCollection) as FeatureCollection;
      unwrapRings(countries);
      return { countries, inMainland: mainlandTest(topology) };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
