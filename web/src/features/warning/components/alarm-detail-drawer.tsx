import { Alert, Descriptions, Drawer, Empty, Skeleton, Space, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALARM_ACTION, ALARM_LEVEL, ALARM_TYPE } from '@console/contract/codes/alarms';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { warningEndpoints, type AlarmDetail } from '@console/contract/http/warning';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { LoadError } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useAlarmValue } from './alarm-value.tsx';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';

type Reading = NonNullable<AlarmDetail['snapshot']>['data'][string];

/** One telemetry reading as a person reads it: yes/no, named states, fault codes. */
function useReading() {
  const { t } = useTranslation('warning');
  return (field: string, value: Reading): string => {
    if (typeof value === 'boolean') return t(value ? 'reading.values.yes' : 'reading.values.no');
    if (Array.isArray(value)) {
      if (value.length === 0) return t('reading.values.noFaults');
      return value.map((code) => (code === 'CTRL_OFFLINE' ? t('reading.values.controllerSilent') : code)).join(', ');
    }
    if (field === 'pumpStatus' || field === 'mode' || field === 'state') {
      return t(`reading.values.${field}.${value}` as never, { defaultValue: String(value) });
    }
    return String(value);
  };
}

/** An alarm's details: the machine, value against threshold, start and end, its state then, who handled it. */
export function AlarmDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(['warning', 'common']);
  const detail = useQuery({ ...endpointQuery(warningEndpoints.detail, { id: id ?? 0 }), enabled: id !== null });
  const valueOf = useAlarmValue();
  const reading = useReading();
  const a = detail.data;

  const body = () => {
    if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
    if (!a) return <Skeleton active />;
    const readings = Object.entries(a.snapshot?.data ?? {}).filter(([field]) => field !== 'kind');
    return (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('fields.type')}>
            <StatusBadge table={ALARM_TYPE} value={a.type} /> <StatusBadge table={ALARM_LEVEL} value={a.level} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.info')}>{a.info}</Descriptions.Item>
          <Descriptions.Item label={t('fields.value')}>{valueOf(a)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.serialNumber')}>
            <Link to={href(deviceDetailScreens.detail, { id: a.deviceId })}>{a.serialNumber}</Link> {a.deviceName}{' '}
            <StatusBadge table={MACHINE_KIND} value={a.kind} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.project')}>
            {a.projectName} {a.zoneName && `· ${a.zoneName}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.startedAt')}>{a.startedAt}</Descriptions.Item>
          <Descriptions.Item label={t('fields.endedAt')}>
            {a.endedAt ?? <Typography.Text type="danger">{t('detail.ongoing')}</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.position')}>
            {a.position
              ? t('detail.positionValue', {
                  lat: a.position.lat.toFixed(5),
                  lng: a.position.lng.toFixed(5),
                  speed: a.position.speed,
                  time: a.position.at,
                })
              : t('detail.noPosition')}
          </Descriptions.Item>
        </Descriptions>

        <div>
          <Typography.Title level={5}>{t('detail.snapshot')}</Typography.Title>
          {a.snapshot ? (
            <Descriptions column={2} size="small" bordered title={t('detail.snapshotAt', { time: a.snapshot.at })}>
              {readings.map(([field, value]) => (
                <Descriptions.Item key={field} label={t(`reading.fields.${field}` as never, { defaultValue: field })}>
                  {reading(field, value)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : (
            <Alert type="info" showIcon message={t('detail.noSnapshot')} />
          )}
        </div>

        <div>
          <Typography.Title level={5}>{t('detail.history')}</Typography.Title>
          {a.history.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noHistory')} />
          ) : (
            <Timeline
              items={a.history.map((h, i) => ({
                key: i,
                color: ALARM_ACTION.get(h.action)?.color,
                children: (
                  <>
                    <StatusBadge table={ALARM_ACTION} value={h.action} /> {h.by} · {h.at}
                    {h.remark && <div>{h.remark}</div>}
                  </>
                ),
              }))}
            />
          )}
        </div>
      </Space>
    );
  };

  return (
    <Drawer title={t('detail.title')} open={id !== null} onClose={onClose} width={560} destroyOnHidden>
      {body()}
    </Drawer>
  );
}
