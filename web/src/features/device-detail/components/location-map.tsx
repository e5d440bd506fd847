import 'leaflet/dist/leaflet.css';
import '../../../components/fleet-map/fleet-map.css';
import { useEffect } from 'react';
import L from 'leaflet';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { toDisplay } from '../../../components/fleet-map/datum.ts';
import { statusColor } from '../../../components/fleet-map/status-colors.ts';
import { useBaseMap } from '../../../components/fleet-map/use-base-map.ts';

interface LocationMapProps {
  /** WGS-84; null when the machine has not reported a position. */
  position: { lat: number; lng: number } | null;
  status: number;
  /** WGS-84 [lat, lng] points, oldest first. */
  track: [number, number][];
  label: string;
  height?: number;
}

/**
 * One machine on the brand's basemap: its position as a marker in its status colour and its recent track as a
 * line, both in the datum of the basemap underneath (GCJ-02 on the regional tiles). Leaflet loads with it.
 */
export function LocationMap({ position, status, track, label, height = 420 }: LocationMapProps) {
  const { t } = useTranslation('map');
  const { containerRef, map, mode, provider, datum } = useBaseMap();

  useEffect(() => {
    if (!map || !datum) return;
    const shown = (lat: number, lng: number) => toDisplay(lat, lng, datum.datum, datum.inMainland);
    const layers: L.Layer[] = [];
    const line = track.length > 1 ? L.polyline(track.map(([lat, lng]) => shown(lat, lng))) : null;
    if (line) {
      line.setStyle({ color: '#1677ff', weight: 3, opacity: 0.8, interactive: false });
      layers.push(line.addTo(map));
    }
    if (position) {
      const at = shown(position.lat, position.lng);
      const marker = L.circleMarker(at, {
        radius: 9,
        color: '#fff',
        weight: 2,
        fillColor: statusColor(status),
        fillOpacity: 1,
      });
      layers.push(marker.addTo(map));
      const bounds = line ? line.getBounds().extend(at) : L.latLngBounds(at, at);
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15, animate: false });
    }
    return () => layers.forEach((layer) => layer.remove());
  }, [map, datum, position, status, track]);

  return (
    <div style={{ position: 'relative', height }}>
      <div
        ref={containerRef}
        className="fleet-map__canvas"
        role="region"
        aria-label={label}
        data-basemap={mode}
        data-provider={provider}
      />
      <div className="fleet-map__badges">
        <Tag>{t(`provider.${provider}`)}</Tag>
        {mode === 'offline' && <Tag color="warning">{t('offline')}</Tag>}
      </div>
    </div>
  );
}
