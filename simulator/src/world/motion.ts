import { MAX_SPEED_KMH } from '@console/contract/mqtt/payloads';
import { clamp, type Rng } from '../random.ts';

export interface Point {
  lat: number;
  lng: number;
}

const M_PER_DEG = 111_320;

/** A point `north` and `east` metres from `from` (flat earth: fine over a work site). */
export function offset(from: Point, north: number, east: number): Point {
  const lat = clamp(from.lat + north / M_PER_DEG, -89.9, 89.9);
  let lng = from.lng + east / (M_PER_DEG * Math.cos((from.lat * Math.PI) / 180));
  if (lng > 180) lng -= 360;
  if (lng < -180) lng += 360;
  return { lat, lng };
}

export function distanceM(a: Point, b: Point): number {
  const north = (b.lat - a.lat) * M_PER_DEG;
  let dLng = b.lng - a.lng;
  if (dLng > 180) dLng -= 360;
  if (dLng < -180) dLng += 360;
  const east = dLng * M_PER_DEG * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(north, east);
}

function bearing(a: Point, b: Point): number {
  const north = b.lat - a.lat;
  const east = (b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180);
  const deg = (Math.atan2(east, north) * 180) / Math.PI;
  return deg < 0 ? deg + 360 : deg;
}

/** A random point within `radiusM` of `centre`, uniform over the disc. */
export function pointNear(centre: Point, radiusM: number, rng: Rng): Point {
  const r = radiusM * Math.sqrt(rng.next());
  const a = rng.range(0, 2 * Math.PI);
  return offset(centre, r * Math.cos(a), r * Math.sin(a));
}

/** A closed loop of `n` points around `centre` at roughly `radiusM`: a boat's or patrol's circuit. */
export function loopAround(centre: Point, radiusM: number, n: number, rng: Rng): Point[] {
  const start = rng.range(0, 2 * Math.PI);
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = start + (2 * Math.PI * (i % n)) / n;
    const r = radiusM * rng.range(0.75, 1.1);
    return offset(centre, r * Math.cos(a), r * Math.sin(a));
  });
}

/**
 * Where a machine is and where it is going: it drives along a route of waypoints at a cruising speed and stops
 * at the end. A route given from outside (the control API, a scenario) is followed before the machine's own
 * plans; a speed cap (a lock) holds it back.
 */
export class Motion {
  lat: number;
  lng: number;
  heading = 0;
  /** km/h at the moment of the last step. */
  speedKmh = 0;
  private route: Point[] = [];
  private cruiseKmh = 0;
  /** The route came from outside; the machine's own plans wait until it is done. */
  commanded = false;
  /** km/h; 0 holds the machine where it is. */
  speedCap = Infinity;

  constructor(at: Point) {
    this.lat = at.lat;
    this.lng = at.lng;
  }

  get position(): Point {
    return { lat: this.lat, lng: this.lng };
  }

  /** Waypoints still ahead. */
  get remaining(): number {
    return this.route.length;
  }

  get moving(): boolean {
    return this.speedKmh > 0;
  }

  /** Plan a route. The machine's own plans are ignored while a commanded route is under way. */
  goTo(route: Point[], cruiseKmh: number, commanded = false): void {
    if (this.commanded && !commanded) return;
    this.route = route.map((p) => ({ ...p }));
    this.cruiseKmh = cruiseKmh;
    this.commanded = commanded && route.length > 0;
  }

  stop(): void {
    this.route = [];
    this.commanded = false;
    this.speedKmh = 0;
  }

  /** Drive for `dtMs` along the route; the reported speed is the cruising speed while under way. */
  advance(dtMs: number, rng: Rng): void {
    const speed = Math.min(this.cruiseKmh, this.speedCap);
    if (this.route.length === 0 || speed <= 0) {
      this.speedKmh = 0;
      if (this.route.length === 0) this.commanded = false;
      return;
    }
    let budget = (speed / 3.6) * (dtMs / 1000);
    while (budget > 0 && this.route.length > 0) {
      const target = this.route[0]!;
      const left = distanceM(this.position, target);
      this.heading = left > 0.5 ? bearing(this.position, target) : this.heading;
      if (left <= budget) {
        this.lat = target.lat;
        this.lng = target.lng;
        budget -= left;
        this.route.shift();
      } else {
        const f = budget / left;
        this.lat += (target.lat - this.lat) * f;
        this.lng += (target.lng - this.lng) * f;
        budget = 0;
      }
    }
    const under = this.route.length > 0;
    // A real speedometer wobbles around the cruising speed.
    this.speedKmh = under ? Math.min(MAX_SPEED_KMH, this.speedCap, Math.max(0.1, speed * rng.range(0.9, 1.05))) : 0;
    if (!under) this.commanded = false;
  }
}
