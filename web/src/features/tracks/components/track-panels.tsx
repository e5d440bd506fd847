import { Card, Descriptions, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrackAlarm, TrackHistory, TrackPoint } from '@console/contract/http/tracks';

const LEVEL_COLORS = ['default', 'blue', 'orange', 'red'] as const;

/** Hours and minutes of a number of seconds, as `2 h 05 min`. */
function useDuration() {
  const { t } = useTranslation('tracks');
  return (seconds: number) => {
    const minutes = Math.round(seconds / 60);
    return t('summary.duration', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
  };
}

/** The point the player is at, with every field of the spec's track point. */
export function CurrentPoint({ point }: { point: TrackPoint }) {
  const { t } = useTranslation('tracks');
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 12 }} aria-label={t('point.title')}>
      <Descriptions.Item label={t('point.gpsTime')}>{point.gpsTime}</Descriptions.Item>
      <Descriptions.Item label={t('point.speed')}>{t('summary.kmh', { value: point.speed })}</Descriptions.Item>
      <Descriptions.Item label={t('point.position')}>
        {point.lng.toFixed(5)}, {point.lat.toFixed(5)}
      </Descriptions.Item>
      <Descriptions.Item label={t('point.receivedAt')}>{point.receivedAt}</Descriptions.Item>
      <Descriptions.Item label={t('point.alarmInfo')}>{point.alarmInfo || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('point.alarmValue')}>{point.alarmValue ?? '-'}</Descriptions.Item>
    </Descriptions>
  );
}

/** Distance, moving and parked time, top and average speed: computed by the server over the points shown. */
export function TrackSummaryCard({ track }: { track: TrackHistory }) {
  const { t } = useTranslation('tracks');
  const duration = useDuration();
  const { summary } = track;
  return (
    <Card size="small" title={t('summary.title')} role="region" aria-label={t('summary.title')}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('summary.distance')}>
          {t('summary.km', { value: summary.distanceKm.toFixed(2) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('summary.moving')}>{duration(summary.movingSeconds)}</Descriptions.Item>
        <Descriptions.Item label={t('summary.parked')}>{duration(summary.parkedSeconds)}</Descriptions.Item>
        <Descriptions.Item label={t('summary.maxSpeed')}>
          {t('summary.kmh', { value: summary.maxSpeedKmh })}
        </Descriptions.Item>
        <Descriptions.Item label={t('summary.avgSpeed')}>
          {t('summary.kmh', { value: summary.avgSpeedKmh })}
        </Descriptions.Item>
        <Descriptions.Item label={t('summary.points')}>{summary.points}</Descriptions.Item>
        <Descriptions.Item label={t('summary.stops')}>{track.stops.length}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The alarms along the track; choosing one moves the player to where it happened. */
export function TrackAlarmList({
  alarms,
  current,
  onJump,
}: {
  alarms: TrackAlarm[];
  current: number;
  onJump: (index: number) => void;
}) {
  const { t } = useTranslation('tracks');
  return (
    <Card size="small" title={t('alarms.title', { count: alarms.length })} style={{ marginTop: 12 }}>
      {alarms.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.empty')} />
      ) : (
        <div role="region" aria-label={t('alarms.label')} style={{ maxHeight: 400, overflowY: 'auto' }}>
          <List
            size="small"
            dataSource={alarms}
            renderItem={(alarm) => (
              <List.Item
                role="button"
                tabIndex={0}
                aria-current={alarm.index === current ? 'true' : undefined}
                style={{ cursor: 'pointer', background: alarm.index === current ? '#e6f4ff' : undefined }}
                onClick={() => onJump(alarm.index)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') onJump(alarm.index);
                }}
              >
                <List.Item.Meta
                  title={
                    <>
                      <Tag color={LEVEL_COLORS[alarm.level] ?? 'default'}>{alarm.alarmType}</Tag>
                      <Typography.Text type="secondary">{alarm.time}</Typography.Text>
                    </>
                  }
                  description={alarm.alarmInfo}
                />
              </List.Item>
            )}
          />
        </div>
      )}
    </Card>
  );
}
