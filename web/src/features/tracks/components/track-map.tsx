import 'leaflet/dist/leaflet.css';
import '../../../components/fleet-map/fleet-map.css';
import './track-map.css';
import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrackHistory } from '@console/contract/http/tracks';
import { toDisplay } from '../../../components/fleet-map/datum.ts';
import { useBaseMap } from '../../../components/fleet-map/use-base-map.ts';

interface TrackMapProps {
  track: TrackHistory;
  /** The point the player is at. */
  index: number;
  /** Keep the machine in view while it plays. */
  follow: boolean;
  onJump: (index: number) => void;
  height: number;
}

const PLAYED = '#1677ff';
const AHEAD = '#8c8c8c';

const icon = (className: string, html = '', size = 22) =>
  L.divIcon({ className: `track-mark ${className}`, html, iconSize: [size, size] });

/**
 * A track on the map (decision 009's basemap and datum): the whole line, the part played so far, the machine
 * where the player is, markers of stops and alarms (an alarm jumps the player there). Drawn with plain Leaflet
 * layers; only the machine and the played line change while it plays.
 */
export function TrackMap({ track, index, follow, onJump, height }: TrackMapProps) {
  const { t } = useTranslation(['tracks', 'map']);
  const { containerRef, map, mode, provider, datum } = useBaseMap();
  const moving = useRef<{ machine: L.Marker; played: L.Polyline } | null>(null);
  const jump = useRef(onJump);
  useEffect(() => {
    jump.current = onJump;
  }, [onJump]);

  // Every point where it is drawn: converted once per track and datum, not on every step of the player.
  const drawn = useMemo(
    () =>
      datum ? track.points.map((p) => toDisplay(p.lat, p.lng, datum.datum, datum.inMainland) as L.LatLngTuple) : [],
    [track, datum],
  );

  useEffect(() => {
    if (!map || drawn.length === 0) return;
    const group = L.layerGroup().addTo(map);
    L.polyline(drawn, { color: AHEAD, weight: 4, opacity: 0.7 }).addTo(group);
    const played = L.polyline([], { color: PLAYED, weight: 5 }).addTo(group);
    L.marker(drawn[0]!, { icon: icon('track-mark--start', t('map.startMark')), title: t('map.start') }).addTo(group);
    L.marker(drawn.at(-1)!, { icon: icon('track-mark--end', t('map.endMark')), title: t('map.end') }).addTo(group);
    for (const stop of track.stops) {
      L.marker(drawn[stop.from]!, {
        icon: icon('track-mark--stop', 'P'),
        title: t('map.stop', { minutes: stop.minutes, start: stop.start, end: stop.end }),
      })
        .on('click', () => jump.current(stop.from))
        .addTo(group);
    }
    for (const alarm of track.alarms) {
      L.marker(drawn[alarm.index]!, {
        icon: icon('track-mark--alarm', '!', 18),
        title: `${alarm.time} ${alarm.alarmType}`,
      })
        .on('click', () => jump.current(alarm.index))
        .addTo(group);
    }
    const machine = L.marker(drawn[0]!, {
      icon: icon('track-mark--machine', '', 18),
      title: track.device.serialNumber,
      zIndexOffset: 1000,
    }).addTo(group);
    moving.current = { machine, played };
    map.fitBounds(L.latLngBounds(drawn), { padding: [32, 32], maxZoom: 16, animate: false });
    return () => {
      moving.current = null;
      group.remove();
    };
  }, [map, drawn, track, t]);

  useEffect(() => {
    const at = drawn[index];
    if (!map || !at || !moving.current) return;
    moving.current.machine.setLatLng(at);
    moving.current.played.setLatLngs(drawn.slice(0, index + 1));
    if (follow && !map.getBounds().pad(-0.2).contains(at)) map.panTo(at, { animate: false });
  }, [map, drawn, index, follow]);

  return (
    <div className="fleet-map" style={{ position: 'relative', height }}>
      <div
        ref={containerRef}
        className="fleet-map__canvas"
        role="region"
        aria-label={t('map.label')}
        data-basemap={mode}
        data-provider={provider}
        data-index={index}
      />
      <Space className="fleet-map__badges" size={4}>
        <Tag>{t(`map:provider.${provider}`)}</Tag>
        {mode === 'offline' && <Tag color="warning">{t('map:offline')}</Tag>}
      </Space>
    </div>
  );
}
