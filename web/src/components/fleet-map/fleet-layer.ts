import L from 'leaflet';
import Supercluster, { type ClusterFeature, type PointFeature } from 'supercluster';
import type { FleetPositions } from '@console/contract/http/dashboard';
import { toDisplay, type Datum, type RegionTest } from './datum.ts';
import { statusColor, statusMix, worstStatus } from './status-colors.ts';

/** A device event's fields the map uses (contract/http/live.ts). */
export interface PositionUpdate {
  deviceId: number;
  status: number;
  lat: number | null;
  lng: number | null;
}

/**
 * What the layer draws, column by column (row i is ids[i], statuses[i] ...): the console's positions
 * (contract/http/dashboard fleetPositions) or a big screen's packed points unpacked; serials name the markers.
 */
export interface LayerFleet {
  ids: number[];
  statuses: number[];
  lats: number[];
  lngs: number[];
  serials?: string[];
}

export interface FleetLayerTexts<F extends LayerFleet = FleetPositions> {
  /** Accessible name of a cluster marker: how many machines, and the worst state among them. */
  cluster: (count: number, worst: number) => string;
  /** The popup of machine i (of the positions' columns), built when it opens; `relayout` after it grows. */
  popup: (fleet: F, i: number, relayout: () => void) => HTMLElement;
  /** Accessible name of machine i's marker when the fleet carries no serials. */
  point?: (fleet: F, i: number) => string;
}

export interface FleetLayerOptions {
  /**
   * A large fleet is drawn in two stages: first an even sample of FIRST_STAGE machines (a picture at once), the
   * whole fleet in the next task after that frame. Clusters count the sample until then.
   */
  progressive?: boolean;
  /** How many machines the drawn clusters hold, of how many, after each stage and each fresh load. */
  onPlaced?: (placed: number, total: number) => void;
}

type PointProps = { i: number };
/** Machines inside by status code (index 1-9). */
type ClusterProps = { counts: number[] };

/** Clusters hold points within this many pixels; above MAX_CLUSTER_ZOOM every machine is its own marker. */
const CLUSTER_RADIUS = 60;
export const MAX_CLUSTER_ZOOM = 16;
/** The zoom a located machine is shown at: above the clustering, so it stands alone. */
export const LOCATE_ZOOM = MAX_CLUSTER_ZOOM + 1;
/** Live moves re-cluster at most this often; between, a moved machine's marker moves on its own. */
const RECLUSTER_MS = 1000;
/** The first stage of a progressive layer: enough machines to show where the fleet is, indexed in a few ms. */
export const FIRST_STAGE = 2_000;

/**
 * The fleet on a Leaflet map: the positions indexed by supercluster, and only the clusters and machines in view
 * drawn, as DOM markers diffed by key on every move (never the whole layer). Live updates are applied once per
 * animation frame: a machine drawn on its own moves and recolours in place; clusters follow at most every second.
 */
export class FleetLayer<F extends LayerFleet = FleetPositions> {
  private fleet: F | null = null;
  private readonly byId = new Map<number, number>();
  private features: PointFeature<PointProps>[] = [];
  private index: Supercluster<PointProps, ClusterProps> | null = null;
  private readonly markers = new Map<string, L.Marker>();
  private datum: Datum | null = null;
  private inMainland: RegionTest = () => false;
  private readonly pending = new Map<number, PositionUpdate>();
  private frame = 0;
  private reclusterTimer: ReturnType<typeof setTimeout> | null = null;
  private openAfterRender: number | null = null;
  /** The view is fitted to the fleet once, when it is first drawn; after that it is the user's. */
  private fitted = false;
  /** Every feature holds its drawn position (a progressive first stage projects only its sample). */
  private projected = false;
  /** The pending second stage of a progressive load. */
  private stageFrame = 0;
  private stageTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly texts: FleetLayerTexts<F>,
    private readonly options: FleetLayerOptions = {},
  ) {
    map.on('moveend', this.render);
  }

  /** The fleet to show (a fresh load): indexes it and draws what is in view. */
  setPositions(fleet: F): void {
    this.fleet = {
      ...fleet,
      statuses: [...fleet.statuses],
      lats: [...fleet.lats],
      lngs: [...fleet.lngs],
    };
    this.byId.clear();
    fleet.ids.forEach((id, i) => this.byId.set(id, i));
    this.features = fleet.ids.map((_, i) => ({
      type: 'Feature',
      properties: { i },
      geometry: { type: 'Point', coordinates: [0, 0] },
    }));
    // A new set (another filter of the list): the view fits it again.
    this.fitted = false;
    this.reproject();
  }

  /** The datum of the basemap underneath; nothing is drawn until it is known. */
  setDatum(datum: Datum, inMainland: RegionTest): void {
    if (datum === this.datum && inMainland === this.inMainland) return;
    this.datum = datum;
    this.inMainland = inMainland;
    this.reproject();
  }

  /** The drawn position of machine i, as Leaflet's [lat, lng]. */
  private displayOf(i: number): [number, number] {
    return toDisplay(this.fleet!.lats[i]!, this.fleet!.lngs[i]!, this.datum ?? 'wgs84', this.inMainland);
  }

  private project(features: PointFeature<PointProps>[]): void {
    for (const f of features) {
      const [lat, lng] = this.displayOf(f.properties.i);
      f.geometry.coordinates = [lng, lat];
    }
  }

  private reproject(): void {
    if (!this.fleet || !this.datum) return;
    this.cancelStage();
    this.clearMarkers();
    this.projected = false;
    const staged = this.options.progressive === true && this.features.length > FIRST_STAGE;
    const stride = Math.ceil(this.features.length / FIRST_STAGE);
    const first = staged ? this.features.filter((_, i) => i % stride === 0) : this.features;
    this.project(first);
    this.projected = !staged;
    if (!this.fitted) {
      const bounds = this.bounds();
      if (bounds) this.map.fitBounds(bounds, { padding: [24, 24], maxZoom: 12, animate: false });
      this.fitted = bounds !== null;
    }
    if (!staged) {
      this.recluster();
      return;
    }
    this.index = this.indexOf(first);
    this.render();
    this.options.onPlaced?.(first.length, this.features.length);
    // The rest once the first picture has been painted: a frame, then the task after it.
    this.stageFrame = requestAnimationFrame(() => {
      this.stageFrame = 0;
      this.stageTimer = setTimeout(() => {
        this.stageTimer = null;
        this.recluster();
      }, 0);
    });
  }

  /**
   * The bounds of the whole fleet, to fit the view to it: from the stored positions, so a first stage fits what the
   * next will draw (a datum's shift, some hundred metres, is within the padding).
   */
  private bounds(): L.LatLngBounds | null {
    const { lats, lngs } = this.fleet!;
    if (lats.length === 0) return null;
    let [south, west, north, east] = [90, 180, -90, -180];
    for (let i = 0; i < lats.length; i++) {
      south = Math.min(south, lats[i]!);
      north = Math.max(north, lats[i]!);
      west = Math.min(west, lngs[i]!);
      east = Math.max(east, lngs[i]!);
    }
    return L.latLngBounds([south, west], [north, east]);
  }

  private cancelStage(): void {
    cancelAnimationFrame(this.stageFrame);
    this.stageFrame = 0;
    if (this.stageTimer) clearTimeout(this.stageTimer);
    this.stageTimer = null;
  }

  /** The machine is on this map (a live event of another is ignored by `queue`). */
  has(deviceId: number): boolean {
    return this.byId.has(deviceId);
  }

  /** Take a live position or status; applied with the others of the same animation frame. */
  queue(update: PositionUpdate): void {
    if (!this.byId.has(update.deviceId)) return;
    this.pending.set(update.deviceId, update);
    this.frame ||= requestAnimationFrame(this.flush);
  }

  private readonly flush = () => {
    this.frame = 0;
    if (!this.fleet) return;
    for (const update of this.pending.values()) {
      const i = this.byId.get(update.deviceId)!;
      this.fleet.statuses[i] = update.status;
      if (update.lat !== null && update.lng !== null) {
        this.fleet.lats[i] = update.lat;
        this.fleet.lngs[i] = update.lng;
      }
      if (!this.datum) continue;
      const [lat, lng] = this.displayOf(i);
      this.features[i]!.geometry.coordinates = [lng, lat];
      const marker = this.markers.get(`p${update.deviceId}`);
      if (marker) {
        marker.setLatLng([lat, lng]);
        paintPoint(marker, update.status);
      }
    }
    this.pending.clear();
    this.reclusterTimer ??= setTimeout(() => {
      this.reclusterTimer = null;
      this.recluster();
    }, RECLUSTER_MS);
  };

  private recluster(): void {
    if (!this.fleet || !this.datum) return;
    this.cancelStage();
    if (!this.projected) this.project(this.features);
    this.projected = true;
    this.index = this.indexOf(this.features);
    this.render();
    this.options.onPlaced?.(this.features.length, this.features.length);
  }

  private indexOf(features: PointFeature<PointProps>[]): Supercluster<PointProps, ClusterProps> {
    const statuses = this.fleet!.statuses;
    return new Supercluster<PointProps, ClusterProps>({
      radius: CLUSTER_RADIUS,
      maxZoom: MAX_CLUSTER_ZOOM,
      map: (p) => {
        const counts = Array<number>(10).fill(0);
        counts[statuses[p.i]!] = 1;
        return { counts };
      },
      reduce: (acc, p) => {
        acc.counts = acc.counts.map((n, s) => n + p.counts[s]!);
      },
    }).load(features);
  }

  private readonly render = () => {
    if (!this.index || !this.fleet) return;
    const bounds = this.map.getBounds().pad(0.2);
    const west = Math.max(-180, bounds.getWest());
    const east = Math.min(180, bounds.getEast());
    const bbox: [number, number, number, number] =
      bounds.getEast() - bounds.getWest() >= 360
        ? [-180, -85, 180, 85]
        : [west, Math.max(-85, bounds.getSouth()), east, Math.min(85, bounds.getNorth())];
    const visible = this.index.getClusters(bbox, Math.round(this.map.getZoom()));
    const keep = new Set<string>();
    for (const item of visible) {
      const props = item.properties;
      // A cluster's id can come back for other machines after a re-clustering: its counts are in the key.
      const key =
        'cluster' in props && props.cluster
          ? `c${props.cluster_id}:${props.counts.join(',')}`
          : `p${this.fleet.ids[(props as PointProps).i]}`;
      keep.add(key);
      const [lng, lat] = item.geometry.coordinates as [number, number];
      const existing = this.markers.get(key);
      if (existing) existing.setLatLng([lat, lng]);
      else this.markers.set(key, this.createMarker(item, lat, lng).addTo(this.map));
    }
    for (const [key, marker] of this.markers) {
      if (!keep.has(key)) {
        marker.remove();
        this.markers.delete(key);
      }
    }
    if (this.openAfterRender !== null) {
      this.markers.get(`p${this.openAfterRender}`)?.openPopup();
      this.openAfterRender = null;
    }
  };

  private createMarker(item: ClusterFeature<ClusterProps> | PointFeature<PointProps>, lat: number, lng: number) {
    const props = item.properties;
    if ('cluster' in props && props.cluster) {
      const count = props.point_count;
      const tier = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
      const worst = worstStatus(props.counts);
      // Filled with the worst state inside, ringed with the share of every state (statusMix).
      const marker = L.marker([lat, lng], {
        icon: L.divIcon({
          className: `fleet-cluster fleet-cluster--${tier}`,
          html: `<span style="background:${statusColor(worst)}">${props.point_count_abbreviated}</span>`,
          iconSize: tier === 'small' ? [34, 34] : tier === 'medium' ? [40, 40] : [48, 48],
        }),
      });
      marker.on('click', () => {
        const zoom = Math.min(this.index!.getClusterExpansionZoom(props.cluster_id), this.map.getMaxZoom());
        this.map.setView([lat, lng], zoom);
      });
      marker.on('add', () => {
        const element = marker.getElement();
        if (!element) return;
        element.setAttribute('aria-label', this.texts.cluster(count, worst));
        element.dataset.worst = String(worst);
        element.style.background = statusMix(props.counts);
      });
      return marker;
    }
    const i = (props as PointProps).i;
    const fleet = this.fleet!;
    const name = fleet.serials?.[i] ?? this.texts.point?.(fleet, i) ?? '';
    const marker = L.marker([lat, lng], {
      icon: L.divIcon({ className: 'fleet-point', iconSize: [16, 16] }),
      title: name,
    });
    marker.on('add', () => {
      const element = marker.getElement();
      if (!element) return;
      element.dataset.deviceId = String(fleet.ids[i]);
      element.setAttribute('aria-label', name);
      paintPoint(marker, fleet.statuses[i]!);
    });
    // Built on opening, so it shows the machine's status of that moment.
    // Leaflet asks for the content again on every update(): one element per opening, filled in as details come.
    let content: HTMLElement | null = null;
    marker.bindPopup(() => (content ??= this.texts.popup(this.fleet!, i, () => marker.getPopup()?.update())), {
      minWidth: 220,
    });
    marker.on('popupclose', () => {
      content = null;
    });
    return marker;
  }

  /** Centre a machine at a zoom where it stands alone, and open its popup. */
  locate(deviceId: number): void {
    const i = this.byId.get(deviceId);
    if (i === undefined || !this.datum) return;
    this.openAfterRender = deviceId;
    const [lat, lng] = this.displayOf(i);
    this.map.setView([lat, lng], Math.max(LOCATE_ZOOM, this.map.getZoom()));
    // Already there: no move event follows.
    if (this.markers.has(`p${deviceId}`)) this.render();
  }

  private clearMarkers(): void {
    for (const marker of this.markers.values()) marker.remove();
    this.markers.clear();
  }

  destroy(): void {
    this.map.off('moveend', this.render);
    cancelAnimationFrame(this.frame);
    this.cancelStage();
    if (this.reclusterTimer) clearTimeout(this.reclusterTimer);
    this.clearMarkers();
  }
}

function paintPoint(marker: L.Marker, status: number): void {
  const element = marker.getElement();
  if (!element) return;
  element.dataset.status = String(status);
  element.style.setProperty('--fleet-status', statusColor(status));
}
