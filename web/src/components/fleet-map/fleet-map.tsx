import 'leaflet/dist/leaflet.css';
import './fleet-map.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import type { FleetPositions } from '@console/contract/http/dashboard';
import type { LiveEvent } from '@console/contract/http/live';
import { useLiveEvent } from '../../lib/live-events.ts';
import { useCodeLabel } from '../code-label.ts';
import { FleetLayer, type FleetLayerTexts } from './fleet-layer.ts';
import { buildPopup } from './popup.ts';
import { MAP_STATUSES, statusColor } from './status-colors.ts';
import { useBaseMap } from './use-base-map.ts';

export interface FleetMapProps {
  /** The machines to show (dashboardEndpoints.positions); their positions then move with the live events. */
  positions: FleetPositions;
  height?: number;
}

const SEARCH_RESULTS = 10;

/**
 * The fleet on a map: clustered, coloured by status, a popup per machine leading to its detail, positions
 * moving live. The brand's region picks the provider (global, or regional in GCJ-02); when its tiles do not
 * come, the offline basemap is drawn. Load it lazily: Leaflet and the map data come with it.
 */
export function FleetMap({ positions, height = 460 }: FleetMapProps) {
  const { t } = useTranslation(['map', 'codes']);
  const label = useCodeLabel();
  const navigate = useNavigate();
  const { containerRef, map, mode, provider, datum } = useBaseMap();
  const layer = useRef<FleetLayer | null>(null);
  const [search, setSearch] = useState('');

  // The layer reads its texts through this, so a language switch reaches popups opened afterwards.
  const texts = useRef<FleetLayerTexts>({ cluster: String, popup: () => document.createElement('div') });
  useEffect(() => {
    texts.current.cluster = (count) => t('map:cluster', { count });
    texts.current.popup = (fleet, i) =>
      buildPopup(fleet, i, { t, statusLabel: (s) => label(DEVICE_STATUS, s), navigate });
  }, [t, label, navigate]);

  useEffect(() => {
    if (!map) return;
    layer.current = new FleetLayer(map, {
      cluster: (count) => texts.current.cluster(count),
      popup: (fleet, i) => texts.current.popup(fleet, i),
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
      if (event.type === 'device') layer.current?.queue(event);
    }, []),
  );

  const options = useMemo(() => {
    const query = search.trim().toLowerCase();
    if (!query) return [];
    const found: { value: string; label: string }[] = [];
    for (let i = 0; i < positions.ids.length && found.length < SEARCH_RESULTS; i++) {
      const serial = positions.serials[i]!;
      const name = positions.names[i]!;
      if (serial.toLowerCase().includes(query) || name.toLowerCase().includes(query)) {
        found.push({ value: String(positions.ids[i]), label: `${serial} · ${name}` });
      }
    }
    return found;
  }, [search, positions]);

  return (
    <div className="fleet-map">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <AutoComplete
          options={options}
          value={search}
          onSearch={setSearch}
          onSelect={(value: string) => {
            const i = positions.ids.indexOf(Number(value));
            setSearch(positions.serials[i] ?? '');
            layer.current?.locate(Number(value));
          }}
          style={{ width: 300, maxWidth: '100%' }}
        >
          <Input.Search allowClear placeholder={t('map:search')} aria-label={t('map:find')} />
        </AutoComplete>
        <Space wrap size={[12, 4]} aria-label={t('map:legend')}>
          {MAP_STATUSES.map((status) => (
            <span key={status} className="fleet-map__legend-item">
              <i style={{ background: statusColor(status) }} />
              {label(DEVICE_STATUS, status)}
            </span>
          ))}
        </Space>
      </Flex>
      <div style={{ position: 'relative', height }}>
        <div
          ref={containerRef}
          className="fleet-map__canvas"
          role="region"
          aria-label={t('map:label')}
          data-basemap={mode}
          data-provider={provider}
        />
        <Space className="fleet-map__badges" size={4}>
          <Tag>{t(`map:provider.${provider}`)}</Tag>
          {mode === 'offline' && <Tag color="warning">{t('map:offline')}</Tag>}
        </Space>
        {positions.ids.length === 0 && (
          <div className="fleet-map__empty">
            <Empty description={t('map:empty')} />
          </div>
        )}
      </div>
      {positions.unplaced > 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('map:unplaced', { count: positions.unplaced })}
        </Typography.Text>
      )}
    </div>
  );
}
