import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECENT_TRACK_HOURS, type DeviceDetail } from '@console/contract/http/device-detail';
import { trackQuery } from '../api/device-detail.ts';
import { presetRange } from '../components/history-range.tsx';

// Leaflet and the map data load with this tab, not with the page.
const LocationMap = lazy(() => import('../components/location-map.tsx').then((m) => ({ default: m.LocationMap })));

const MAP_HEIGHT = 420;

/** Where the machine is and where it went in the last hours (within the month, a mower's within the day). */
export function LocationTab({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation('device-detail');
  const { device } = detail;
  const [range] = useState(() => presetRange(`${RECENT_TRACK_HOURS}h`, dayjs(), device.kind === 'mower'));
  const track = useQuery(trackQuery(device.id, range));
  const points = useMemo(() => (track.data?.list ?? []).map((p): [number, number] => [p.lat, p.lng]), [track.data]);
  const position = useMemo(
    () => (detail.lat === null || detail.lng === null ? null : { lat: detail.lat, lng: detail.lng }),
    [detail.lat, detail.lng],
  );
  const trackTitle = range.clipped
    ? t('location.trackToday', { from: dayjs(range.from).format('YYYY-MM-DD HH:mm') })
    : t('location.track', { count: RECENT_TRACK_HOURS });

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'location', label: t('location.position'), children: device.location || '-' },
          {
            key: 'coordinates',
            label: t('location.coordinates'),
            children: position ? `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}` : t('location.noPosition'),
          },
          { key: 'speed', label: t('overview.speed'), children: detail.speed },
        ]}
      />
      <Card
        size="small"
        title={trackTitle}
        extra={track.data && !track.isError && t('location.points', { count: track.data.list.length })}
      >
        {track.isError && <Alert type="error" showIcon message={track.error.message} style={{ marginBottom: 8 }} />}
        {track.data?.truncated && (
          <Alert type="info" showIcon message={t('history.truncated')} style={{ marginBottom: 8 }} />
        )}
        {track.data?.list.length === 0 && (
          <Typography.Paragraph type="secondary">{t('location.noTrack')}</Typography.Paragraph>
        )}
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: MAP_HEIGHT }} />}>
          <LocationMap
            position={position}
            status={device.status}
            track={points}
            height={MAP_HEIGHT}
            label={t('location.position')}
          />
        </Suspense>
      </Card>
    </Flex>
  );
}
