import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { PositionsFilter } from '@console/contract/http/dashboard';
import { QueryState } from '../query-state.tsx';
import { mapSettingsQuery } from './map-settings.ts';
import { positionsQuery } from './positions.ts';

// Leaflet, the clustering and the map data load with the map, after the page around it has shown.
const FleetMap = lazy(() => import('./fleet-map.tsx').then((m) => ({ default: m.FleetMap })));

/**
 * The live map of the machines in the user's scope (all, or those the device list's `filters` select), with its
 * loading and error states.
 */
export function FleetMapPanel({ height, filters }: { height: number; filters?: PositionsFilter }) {
  const positions = useQuery(positionsQuery(filters));
  // Asked for with the positions rather than once the map's code has loaded, so the basemap starts sooner.
  useQuery(mapSettingsQuery());
  const placeholder = <Skeleton.Node active style={{ width: '100%', height }} />;
  return (
    <QueryState query={positions}>
      {(data) => (
        <Suspense fallback={placeholder}>
          <FleetMap positions={data} height={height} filtered={!!filters && Object.keys(filters).length > 0} />
        </Suspense>
      )}
    </QueryState>
  );
}
