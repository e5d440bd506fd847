import 'leaflet/dist/leaflet.css';
import '../../../components/fleet-map/fleet-map.css';
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import type { LiveEvent } from '@console/contract/http/live';
import { screenEndpoints } from '@console/contract/http/screens';
import { useCodeLabel } from '../../../components/code-label.ts';
import { FleetLayer, type LayerFleet } from '../../../components/fleet-map/fleet-layer.ts';
import { useBaseMap } from '../../../components/fleet-map/use-base-map.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useLiveEvent } from '../../../lib/live-events.ts';

/**
 * The fleet on a big screen: the console's clustered fleet layer (supercluster, only what is in view drawn, live
 * moves applied once per frame) on the brand's basemap, without the search and the popups' links a wall has no use
 * for. A large fleet is drawn in stages, a sample at once and the rest in the next task, so the first picture
 * does not wait for 20,000 machines; the map says how many it holds (`data-placed` of `data-machines`). Its points
 * carry no names: a popup asks for its machine when it opens. Loaded lazily with Leaflet.
 */
export function ScreenMap({
  fleet,
  onNewPosition,
}: {
  fleet: LayerFleet;
  /** A machine the map does not hold reported a position (one without a position when the map was loaded). */
  onNewPosition?: () => void;
}) {
  const { t } = useTranslation(['map', 'home']);
  const label = useCodeLabel();
  const queryClient = useQueryClient();
  const { containerRef, map, mode, datum } = useBaseMap();
  const layer = useRef<FleetLayer<LayerFleet> | null>(null);
  const texts = useRef({ t, label });
  const newPosition = useRef(onNewPosition);
  useEffect(() => {
    texts.current = { t, label };
    newPosition.current = onNewPosition;
  }, [t, label, onNewPosition]);

  useEffect(() => {
    if (!map) return;
    const status = (code: number) => texts.current.label(DEVICE_STATUS, code);
    layer.current = new FleetLayer<LayerFleet>(
      map,
      {
        cluster: (count, worst) => texts.current.t('map:clusterState', { count, worst: status(worst) }),
        point: (shown, i) => status(shown.statuses[i]!),
        popup: (shown, i, relayout) => {
          const box = document.createElement('div');
          box.textContent = `${texts.current.t('home:board.loading')} · ${status(shown.statuses[i]!)}`;
          // The machine as it is now, in the viewer's scope; without it the popup keeps the state the map shows.
          queryClient
            .fetchQuery({
              ...endpointQuery(screenEndpoints.point, { id: shown.ids[i]! }, { silent: true, background: true }),
              staleTime: 0,
            })
            .then((machine) => {
              box.textContent = `${machine.serialNumber} · ${machine.deviceName} · ${status(machine.status)}`;
              relayout();
            })
            .catch(() => {
              box.textContent = status(shown.statuses[i]!);
              relayout();
            });
          return box;
        },
      },
      {
        progressive: true,
        onPlaced: (placed, total) => {
          const element = map.getContainer();
          element.dataset.placed = String(placed);
          element.dataset.machines = String(total);
        },
      },
    );
    return () => {
      layer.current?.destroy();
      layer.current = null;
    };
  }, [map, queryClient]);

  useEffect(() => {
    if (datum) layer.current?.setDatum(datum.datum, datum.inMainland);
  }, [datum, map]);

  useEffect(() => {
    layer.current?.setPositions(fleet);
  }, [fleet, map]);

  useLiveEvent(
    useCallback((event: LiveEvent) => {
      if (event.type !== 'device' || !layer.current) return;
      if (event.lat !== null && !layer.current.has(event.deviceId)) newPosition.current?.();
      layer.current.queue(event);
    }, []),
  );

  return (
    <div
      ref={containerRef}
      className="fleet-map__canvas"
      role="region"
      aria-label={t('home:board.map')}
      data-basemap={mode}
      style={{ height: '100%', background: '#0b1d33' }}
    />
  );
}
