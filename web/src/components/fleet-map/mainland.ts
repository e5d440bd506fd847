import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import type { RegionTest } from './datum.ts';

/** China's feature id in Natural Earth's countries (ISO 3166 numeric); Taiwan, Hong Kong and Macao are their own. */
const CHINA_ID = '156';
/**
 * The coast of a 1:50m map is a few kilometres off in places, and harbours, piers and near-shore waters lie
 * outside it: a point within this many degrees (about 11 km) of the outline, in no other country, counts.
 */
const COAST_MARGIN = 0.1;

/** Height of the latitude bands that index a ring's edges, in degrees. */
const BAND = 0.25;

/**
 * A ring's edges as x1, y1, x2, y2 quadruples, grouped by the latitude bands they span, so a ray cast at a
 * latitude walks the few edges of its band instead of the whole outline (thousands of vertices for China).
 */
interface Ring {
  south: number;
  bands: Float64Array[];
}

interface Part {
  /** Outer ring then holes. */
  rings: Ring[];
  west: number;
  east: number;
  south: number;
  north: number;
}

function indexRing(points: Position[]): Ring {
  const ys = points.map((p) => p[1]!);
  const south = Math.min(...ys);
  const lists: number[][] = [];
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as [number, number];
    const [xj, yj] = points[j] as [number, number];
    const first = Math.floor((Math.min(yi, yj) - south) / BAND);
    const last = Math.floor((Math.max(yi, yj) - south) / BAND);
    for (let b = first; b <= last; b++) (lists[b] ??= []).push(xi, yi, xj, yj);
  }
  return { south, bands: Array.from(lists, (edges) => Float64Array.from(edges ?? [])) };
}

/** Ray casting: is (x, y) inside the ring? */
function inRing(x: number, y: number, ring: Ring): boolean {
  const edges = ring.bands[Math.floor((y - ring.south) / BAND)];
  if (!edges) return false;
  let inside = false;
  for (let k = 0; k < edges.length; k += 4) {
    const xi = edges[k]!;
    const yi = edges[k + 1]!;
    const xj = edges[k + 2]!;
    const yj = edges[k + 3]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function partsOf(geometry: Polygon | MultiPolygon): Part[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings: Position[][]) => {
    const outer = rings[0]!;
    let [west, east, south, north] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [x, y] of outer as [number, number][]) {
      west = Math.min(west, x);
      east = Math.max(east, x);
      south = Math.min(south, y);
      north = Math.max(north, y);
    }
    return { rings: rings.map(indexRing), west, east, south, north };
  });
}

const inParts = (parts: Part[], lat: number, lng: number) =>
  parts.some((part) => {
    if (lng < part.west || lng > part.east || lat < part.south || lat > part.north) return false;
    if (!inRing(lng, lat, part.rings[0]!)) return false;
    for (let h = 1; h < part.rings.length; h++) if (inRing(lng, lat, part.rings[h]!)) return false;
    return true;
  });

const NEIGHBOURS = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => [dy * COAST_MARGIN, dx * COAST_MARGIN] as const));

/**
 * The mainland China test from a world-atlas countries topology (the offline basemap's data): inside China's
 * polygons (mainland, Hainan, islands), or near their outline and inside no other country (Hong Kong, Macao,
 * Taiwan and the neighbours keep WGS-84). Bounding boxes decide most points without walking an outline.
 */
export function mainlandTest(topology: Topology): RegionTest {
  const countries = topology.objects.countries as GeometryCollection;
  const china = countries.geometries.find((g) => String(g.id) === CHINA_ID);
  if (!china) return () => false;
  const chinaParts = partsOf((feature(topology, china) as Feature).geometry as Polygon | MultiPolygon);
  const near = (p: Part) => ({ ...p, west: p.west - 1, east: p.east + 1, south: p.south - 1, north: p.north + 1 });
  const [west, east, south, north] = [
    Math.min(...chinaParts.map((p) => p.west)) - COAST_MARGIN,
    Math.max(...chinaParts.map((p) => p.east)) + COAST_MARGIN,
    Math.min(...chinaParts.map((p) => p.south)) - COAST_MARGIN,
    Math.max(...chinaParts.map((p) => p.north)) + COAST_MARGIN,
  ];
  // The other countries' parts that come within a degree of China's bounding box.
  const others = countries.geometries
    .filter((g) => g !== china && (g.type === 'Polygon' || g.type === 'MultiPolygon'))
    .flatMap((g) => partsOf((feature(topology, g) as Feature).geometry as Polygon | MultiPolygon))
    .filter((p) => {
      const box = near(p);
      return box.east >= west && box.west <= east && box.north >= south && box.south <= north;
    });
  return (lat, lng) => {
    if (lng < west || lng > east || lat < south || lat > north) return false;
    if (inParts(chinaParts, lat, lng)) return true;
    if (inParts(others, lat, lng)) return false;
    return NEIGHBOURS.some(([dy, dx]) => inParts(chinaParts, lat + dy, lng + dx));
  };
}
