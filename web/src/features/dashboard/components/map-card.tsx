import { lazy, Suspense } from 'react';
import { Card, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mapSettingsQuery } from '../../../components/fleet-map/map-settings.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { positionsQuery } from '../api/dashboard.ts';

// Leaflet, the clustering and the map data load with the map, after the figures have shown.
const FleetMap = lazy(() =>
  import('../../../components/fleet-map/fleet-map.tsx').then((m) => ({ default: m.FleetMap })),
);

const MAP_HEIGHT = 460;

/** The live map of every machine in the user's scope. */
export function MapCard() {
  const { t } = useTranslation('dashboard');
  const positions = useQuery(positionsQuery());
  // Asked for with the positions rather than once the map's code has loaded, so the basemap starts sooner.
  useQuery(mapSettingsQuery());
  const placeholder = <Skeleton.Node active style={{ width: '100%', height: MAP_HEIGHT }} />;
  return (
    <Card title={t('map.title')} style={{ height: '100%' }}>
      <QueryState query={positions}>
        {(data) => (
          <Suspense fallback={placeholder}>
            <FleetMap positions={data} height={MAP_HEIGHT} />
          </Suspense>
        )}
      </QueryState>
    </Card>
  );
}
