import L from 'leaflet';
import type { TileSource } from '@console/contract/http/dashboard';
import { TILE_PROBE_MS, TileProbe, unreachableTileUrls } from './tile-probe.ts';
import { loadWorld } from './world-data.ts';

export type BasemapMode = 'probing' | 'tiles' | 'offline';

const OFFLINE_ATTRIBUTION = 'Natural Earth';

/**
 * The map underneath the fleet: the provider's tiles while they come, else the offline basemap (the countries
 * of the npm map data drawn as a GeoJSON layer). Answers a function that removes what it added.
 */
export function startBasemap(map: L.Map, source: TileSource | null, onMode: (mode: BasemapMode) => void): () => void {
  let stopped = false;
  let tiles: L.TileLayer | null = null;
  let offline: L.GeoJSON | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const goOffline = () => {
    if (stopped || offline) return;
    if (timer) clearTimeout(timer);
    tiles?.remove();
    tiles = null;
    onMode('offline');
    void loadWorld()
      .then((world) => {
        if (stopped) return;
        offline = L.geoJSON(world.countries, {
          pane: 'basemap',
          interactive: false,
          style: { color: '#b9b2a1', weight: 0.8, fillColor: '#f4f1e8', fillOpacity: 1 },
          attribution: OFFLINE_ATTRIBUTION,
        }).addTo(map);
      })
      .catch(() => {
        // Without the map data the fleet is still drawn on the plain background.
      });
  };

  if (!source?.url || unreachableTileUrls.has(source.url)) {
    goOffline();
  } else {
    const url = source.url;
    const probe = new TileProbe();
    const judge = (verdict: ReturnType<TileProbe['loaded']>) => {
      if (verdict === 'reachable') {
        if (timer) clearTimeout(timer);
        onMode('tiles');
      }
      if (verdict === 'unreachable') {
        unreachableTileUrls.add(url);
        goOffline();
      }
    };
    tiles = L.tileLayer(url, {
      subdomains: source.subdomains,
      maxZoom: source.maxZoom,
      attribution: source.attribution,
    });
    tiles.on('tileload', () => judge(probe.loaded()));
    tiles.on('tileerror', () => judge(probe.failed()));
    tiles.addTo(map);
    onMode('probing');
    timer = setTimeout(() => judge(probe.timedOut()), TILE_PROBE_MS);
  }

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    tiles?.remove();
    offline?.remove();
  };
}
