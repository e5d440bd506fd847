import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../query-state.tsx';
import { mapSettingsQuery } from './map-settings.ts';
import { positionsQuery } from './positions.ts';

// Leaflet, the clustering and the map data load with the map, after the page around it has shown.
const FleetMap = lazy(() => import('./fleet-map.tsx').then((m) => ({ default: m.FleetMap })));

/** The live map of every machine in the user's scope, with its loading and error states. */
export function FleetMapPanel({ height }: { height: number }) {
  const positions = useQuery(positionsQuery());
  // Asked for with the positions rather than once the map's code has loaded, so the basemap starts sooner.
  useQuery(mapSettingsQuery());
  const placeholder = <Skeleton.Node active style={{ width: '100%', height }} />;
  return (
    <QueryState query={positions}>
      {(data) => (
        <Suspense fallback={placeholder}>
          <FleetMap positions={data} height={height} />
        </Suspense>
      )}
    </QueryState>
  );
}
