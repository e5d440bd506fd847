import { useCallback, useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { useQuery } from '@tanstack/react-query';
import { useBrand } from '../../lib/brand.ts';
import { startBasemap, type BasemapMode } from './basemap.ts';
import type { Datum, RegionTest } from './datum.ts';
import { mapSettingsQuery } from './map-settings.ts';
import { loadWorld } from './world-data.ts';

export interface BaseMap {
  /** The map's container: the map is made when it is laid out and removed with it. */
  containerRef: (node: HTMLDivElement | null) => (() => void) | undefined;
  /** The Leaflet map, once the container is laid out. */
  map: L.Map | null;
  mode: BasemapMode;
  provider: 'regional' | 'global';
  /** The datum markers and lines are drawn in, with the mainland test; null until known. */
  datum: { datum: Datum; inMainland: RegionTest } | null;
}

const WGS84: BaseMap['datum'] = { datum: 'wgs84', inMainland: () => false };

/**
 * A Leaflet map in a container with the brand's provider underneath (decision 009): the provider's tiles while
 * they come, else the offline basemap; and the datum to draw positions in, GCJ-02 once the regional tiles show,
 * WGS-84 otherwise (the global tiles, the offline basemap, and while the tiles are awaited, so data shows at once).
 * The fleet map and the track playback both stand on it.
 */
export function useBaseMap(): BaseMap {
  const provider = useBrand().info.region === 'zh' ? 'regional' : 'global';
  const settings = useQuery(mapSettingsQuery());
  const [map, setMap] = useState<L.Map | null>(null);
  const [mode, setMode] = useState<BasemapMode>('probing');
  const [mainland, setMainland] = useState<RegionTest | null>(null);

  const containerRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (!node) return undefined;
      // Vectors (the offline basemap's ~250 countries) on a canvas, far lighter than as many SVG paths.
      const created = L.map(node, { worldCopyJump: true, minZoom: 2, maxZoom: 18, preferCanvas: true });
      created.createPane('basemap').style.zIndex = '150';
      if (provider === 'regional') created.setView([35, 105], 4);
      else created.setView([20, 0], 2);
      // A map laid out while hidden (a kept-alive page) or resized measures itself again.
      const observer = new ResizeObserver(() => created.invalidateSize());
      observer.observe(node);
      setMap(created);
      return () => {
        observer.disconnect();
        setMap(null);
        created.remove();
      };
    },
    [provider],
  );

  // The basemap, once the tile settings are known; without them (a failed call) the offline basemap.
  const settled = settings.isSuccess || settings.isError;
  useEffect(() => {
    if (!settled || !map) return;
    return startBasemap(map, settings.data?.[provider] ?? null, setMode);
  }, [settled, settings.data, provider, map]);

  const regionalTiles = mode === 'tiles' && provider === 'regional';
  useEffect(() => {
    if (!regionalTiles) return;
    let current = true;
    loadWorld()
      .then((world) => current && setMainland(() => world.inMainland))
      // Without the mainland outline positions stay as stored, some hundred metres off the regional tiles.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [regionalTiles]);

  const datum = useMemo(
    () => (regionalTiles ? (mainland ? { datum: 'gcj02' as const, inMainland: mainland } : null) : WGS84),
    [regionalTiles, mainland],
  );
  return { containerRef, map, mode, provider, datum };
}
