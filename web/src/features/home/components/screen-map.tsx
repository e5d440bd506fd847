import 'leaflet/dist/leaflet.css';
import '../../../components/fleet-map/fleet-map.css';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import type { FleetPositions } from '@console/contract/http/dashboard';
import type { LiveEvent } from '@console/contract/http/live';
import { useCodeLabel } from '../../../components/code-label.ts';
import { FleetLayer } from '../../../components/fleet-map/fleet-layer.ts';
import { useBaseMap } from '../../../components/fleet-map/use-base-map.ts';
import { useLiveEvent } from '../../../lib/live-events.ts';

/**
 * The fleet on a big screen: the console's clustered fleet layer (supercluster, only what is in view drawn, live
 * moves applied once per frame) on the brand's basemap, without the search and the popups' links a wall has no use
 * for. Loaded lazily with Leaflet.
 */
export function ScreenMap({
  positions,
  onNewPosition,
}: {
  positions: FleetPositions;
  /** A machine the map does not hold reported a position (one without a position when the map was loaded). */
  onNewPosition?: () => void;
}) {
  const { t } = useTranslation(['map', 'home']);
  const label = useCodeLabel();
  const { containerRef, map, mode, datum } = useBaseMap();
  const layer = useRef<FleetLayer | null>(null);
  const texts = useRef({ t, label });
  const newPosition = useRef(onNewPosition);
  useEffect(() => {
    texts.current = { t, label };
    newPosition.current = onNewPosition;
  }, [t, label, onNewPosition]);

  useEffect(() => {
    if (!map) return;
    layer.current = new FleetLayer(map, {
      cluster: (count, worst) =>
        texts.current.t('map:clusterState', { count, worst: texts.current.label(DEVICE_STATUS, worst) }),
      popup: (fleet, i) => {
        const box = document.createElement('div');
        box.textContent = `${fleet.serials[i]} · ${fleet.names[i]} · ${texts.current.label(DEVICE_STATUS, fleet.statuses[i])}`;
        return box;
      },
    });
    return () => {
      layer.current?.destroy();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (datum) layer.current?.setDatum(datum.datum, datum.inMainland);
  }, [datum, map]);

  useEffect(() => {
    layer.current?.setPositions(positions);
  }, [positions, map]);

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
