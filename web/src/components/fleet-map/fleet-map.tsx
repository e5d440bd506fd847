import 'leaflet/dist/leaflet.css';
import './fleet-map.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, AutoComplete, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ALARM_LEVEL } from '@console/contract/codes/alarms';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import type { FleetPositions } from '@console/contract/http/dashboard';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import type { LiveEvent } from '@console/contract/http/live';
import { endpointQuery } from '../../lib/endpoint-query.ts';
import { useLiveEvent } from '../../lib/live-events.ts';
import { useCodeLabel } from '../code-label.ts';
import { FleetLayer, type FleetLayerTexts } from './fleet-layer.ts';
import { buildPopup, type PopupDetails } from './popup.ts';
import { MAP_STATUSES, statusColor } from './status-colors.ts';
import { useBaseMap } from './use-base-map.ts';

export interface FleetMapProps {
  /** The machines to show (dashboardEndpoints.positions); their positions then move with the live events. */
  positions: FleetPositions;
  height?: number;
  /** The positions are a filtered set (the device list's map view): the empty state says so. */
  filtered?: boolean;
}

const SEARCH_RESULTS = 10;

/** The machine's present for its popup: its detail (status, last report, speed) and its newest open alarm. */
async function popupDetails(
  queryClient: QueryClient,
  deviceId: number,
  alarmText: (alarm: { level: number; info: string }) => string,
) {
  const options = { silent: true, background: true } as const;
  // Fresh each opening: the popup tells what the machine is doing now.
  const [detail, alarms] = await Promise.all([
    queryClient.fetchQuery({ ...endpointQuery(deviceDetailEndpoints.detail, { id: deviceId }, options), staleTime: 0 }),
    queryClient.fetchQuery({
      ...endpointQuery(deviceDetailEndpoints.alarms, { id: deviceId, state: 'open', page: 1, pageSize: 1 }, options),
      staleTime: 0,
    }),
  ]);
  const newest = alarms.list[0];
  return {
    status: detail.device.status,
    alarm: newest ? { text: alarmText(newest), more: alarms.total - 1 } : null,
    lastReportAt: detail.device.lastReportAt,
    speed: detail.speed,
  } satisfies PopupDetails;
}

/** A serial typed whole (any case) finds its machine; otherwise the one machine the text matches, if one. */
export function findMachine(positions: FleetPositions, typed: string): number | null {
  const query = typed.trim().toLowerCase();
  if (!query) return null;
  const exact = positions.serials.findIndex((serial) => serial.toLowerCase() === query);
  if (exact >= 0) return positions.ids[exact]!;
  let only: number | null = null;
  for (let i = 0; i < positions.ids.length; i++) {
    if (positions.serials[i]!.toLowerCase().includes(query) || positions.names[i]!.toLowerCase().includes(query)) {
      if (only !== null) return null;
      only = positions.ids[i]!;
    }
  }
  return only;
}

/**
 * The fleet on a map: clustered, coloured by status, a popup per machine leading to its detail, positions
 * moving live. The brand's region picks the provider (global, or regional in GCJ-02); when its tiles do not
 * come, the offline basemap is drawn. Load it lazily: Leaflet and the map data come with it.
 */
export function FleetMap({ positions, height = 460, filtered = false }: FleetMapProps) {
  const { t } = useTranslation(['map', 'codes']);
  const { message } = App.useApp();
  const label = useCodeLabel();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { containerRef, map, mode, provider, datum } = useBaseMap();
  const layer = useRef<FleetLayer | null>(null);
  const [search, setSearch] = useState('');

  // The layer reads its texts through this, so a language switch reaches popups opened afterwards.
  const texts = useRef<FleetLayerTexts>({ cluster: String, popup: () => document.createElement('div') });
  useEffect(() => {
    const statusLabel = (s: number) => label(DEVICE_STATUS, s);
    texts.current.cluster = (count, worst) => t('map:clusterState', { count, worst: statusLabel(worst) });
    texts.current.popup = (fleet, i, relayout) =>
      buildPopup(fleet, i, {
        t,
        statusLabel,
        navigate,
        relayout,
        details: (id) => popupDetails(queryClient, id, (alarm) => `${label(ALARM_LEVEL, alarm.level)} · ${alarm.info}`),
      });
  }, [t, label, navigate, queryClient]);

  useEffect(() => {
    if (!map) return;
    // An operator's whole fleet is tens of thousands of machines: a sample is drawn first, the rest a frame later.
    layer.current = new FleetLayer(
      map,
      {
        cluster: (count, worst) => texts.current.cluster(count, worst),
        popup: (fleet, i, relayout) => texts.current.popup(fleet, i, relayout),
      },
      { progressive: true },
    );
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
      const option = { value: String(positions.ids[i]), label: `${serial} · ${name}` };
      // The machine whose serial is typed whole comes first, so Enter on the list picks it too.
      if (serial.toLowerCase() === query) found.unshift(option);
      else if (serial.toLowerCase().includes(query) || name.toLowerCase().includes(query)) found.push(option);
    }
    return found;
  }, [search, positions]);

  // Enter on a suggestion picked with the arrow keys both selects it and searches the text typed: the pick wins.
  const picked = useRef(0);
  const locate = (deviceId: number) => {
    const i = positions.ids.indexOf(deviceId);
    setSearch(positions.serials[i] ?? '');
    layer.current?.locate(deviceId);
  };

  // Enter or the search button: a whole serial (or text only one machine matches) centres and opens it.
  const searchTyped = (typed: string) => {
    if (!typed.trim() || Date.now() - picked.current < 500) return;
    const found = findMachine(positions, typed);
    if (found !== null) locate(found);
    else void message.warning(t('map:notFound', { text: typed.trim() }));
  };

  return (
    <div className="fleet-map">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <AutoComplete
          options={options}
          value={search}
          onSearch={setSearch}
          onSelect={(value: string) => {
            picked.current = Date.now();
            locate(Number(value));
          }}
          style={{ width: 300, maxWidth: '100%' }}
        >
          <Input.Search
            allowClear
            placeholder={t('map:search')}
            aria-label={t('map:find')}
            enterButton
            onSearch={(value, _event, info) => {
              // After the pick of the same key press, whichever of the two handlers runs first.
              if (info?.source !== 'clear') setTimeout(() => searchTyped(value), 0);
            }}
          />
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
            <Empty description={filtered ? t('map:emptyFiltered') : t('map:empty')} />
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
