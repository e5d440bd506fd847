import geodesic from 'geographiclib-geodesic';
import { MOVING_KMH, TRACK_GAP_MS, type TrackSummary } from '@console/contract/http/tracks';

export interface SummaryPoint {
  t: number;
  lat: number;
  lng: number;
  speed: number;
}

/** A run of parked intervals from point `from` to point `to` that lasted at least the stop threshold. */
export interface StopRun {
  from: number;
  to: number;
}

const WGS84 = geodesic.Geodesic.WGS84;

/** Metres between two WGS-84 positions along the ellipsoid (GeographicLib, Karney's algorithm). */
export function geodesicMetres(a: SummaryPoint, b: SummaryPoint): number {
  return WGS84.Inverse(a.lat, a.lng, b.lat, b.lng, geodesic.Geodesic.DISTANCE).s12 ?? 0;
}

/**
 * The interval that ends at a point is moving when the machine reported a speed above MOVING_KMH there and the
 * points are close in time; a long silence counts as parked, since nothing says the machine moved meanwhile.
 */
const isMoving = (previous: SummaryPoint, point: SummaryPoint) =>
  point.speed > MOVING_KMH && point.t - previous.t <= TRACK_GAP_MS;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The summary and the stops of a track whose points are ordered by time. */
export function summariseTrack(points: SummaryPoint[], stopMs: number): { summary: TrackSummary; stops: StopRun[] } {
  let distance = 0;
  let movingDistance = 0;
  let movingMs = 0;
  let maxSpeed = 0;
  const stops: StopRun[] = [];
  let parkedFrom: number | null = null;
  const closeStop = (to: number) => {
    if (parkedFrom !== null && points[to]!.t - points[parkedFrom]!.t >= stopMs) stops.push({ from: parkedFrom, to });
    parkedFrom = null;
  };

  points.forEach((point, i) => {
    maxSpeed = Math.max(maxSpeed, point.speed);
    if (i === 0) return;
    const previous = points[i - 1]!;
    const metres = geodesicMetres(previous, point);
    distance += metres;
    if (isMoving(previous, point)) {
      movingDistance += metres;
      movingMs += point.t - previous.t;
      closeStop(i - 1);
    } else {
      parkedFrom ??= i - 1;
    }
  });
  if (points.length > 0) closeStop(points.length - 1);

  const spanMs = points.length > 1 ? points.at(-1)!.t - points[0]!.t : 0;
  return {
    summary: {
      points: points.length,
      distanceKm: round(distance / 1000, 3),
      movingSeconds: Math.round(movingMs / 1000),
      parkedSeconds: Math.round((spanMs - movingMs) / 1000),
      maxSpeedKmh: round(maxSpeed, 1),
      avgSpeedKmh: movingMs > 0 ? round(movingDistance / 1000 / (movingMs / 3_600_000), 1) : 0,
    },
    stops,
  };
}

/** The index of the point nearest in time to `t` (points ordered by time, at least one). */
export function nearestPoint(points: { t: number }[], t: number): number {
  let low = 0;
  let high = points.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (points[mid]!.t < t) low = mid + 1;
    else high = mid;
  }
  if (low > 0 && t - points[low - 1]!.t <= points[low]!.t - t) return low - 1;
  return low;
}
