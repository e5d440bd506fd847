import { Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { POSITIONING, SIGNAL } from '@console/contract/codes/device-status';
import { LEASE_STATUS } from '@console/contract/codes/stock';
import { HISTORY_DAYS, HISTORY_HOURS, TELEMETRY_FIELDS, type DeviceDetail } from '@console/contract/http/device-detail';
import { useCodeLabel } from '../../../components/code-label.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { LatestValues } from '../components/latest-values.tsx';
import { TelemetryHistory } from '../components/telemetry-history.tsx';

const ACTIVITY_COLORS = { working: 'green', standby: 'blue', stopped: 'default' } as const;

/** The machine at a glance: its registry fields, what it last reported, and the trend of its telemetry. */
export function OverviewTab({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation(['device-detail', 'devices']);
  const { device } = detail;
  const label = useCodeLabel();
  const registry: [string, React.ReactNode][] = [
    [t('devices:fields.serialNumber'), device.serialNumber],
    [t('devices:fields.hostSerial'), device.hostSerial],
    [t('devices:fields.hostName'), device.hostName],
    [t('devices:fields.deviceName'), device.deviceName],
    [t('devices:fields.model'), device.modelName],
    [t('devices:fields.brand'), device.brand],
    [t('devices:fields.owner'), device.ownerName],
    [t('devices:fields.customer'), device.customerName],
    [t('devices:fields.distributor'), device.distributorName],
    [t('devices:fields.leaseStatus'), <StatusBadge key="lease" table={LEASE_STATUS} value={device.leaseStatus} />],
    [
      t('devices:fields.signal'),
      // Off line there is no signal now: the strength the last report gave is shown as such, with its time.
      <Space key="signal" size={4} wrap data-testid="overview-signal">
        <StatusBadge table={SIGNAL} value={device.signal} />
        {!device.online && detail.lastDeviceTime && detail.lastSignal !== 'none' && (
          <Typography.Text type="secondary">
            {t('overview.lastKnownSignal', {
              signal: label(SIGNAL, detail.lastSignal),
              time: detail.lastDeviceTime,
            })}
          </Typography.Text>
        )}
      </Space>,
    ],
    [t('devices:fields.fence'), device.fenceName],
    [t('devices:fields.positioning'), <StatusBadge key="fix" table={POSITIONING} value={device.positioning} />],
    [t('devices:fields.location'), device.location],
    [t('devices:fields.serviceExpiresAt'), device.serviceExpiresAt],
    [t('devices:fields.installedAt'), device.installedAt],
    [t('devices:fields.licensePlate'), device.licensePlate],
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('overview.registry')}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={registry.map(([label, value]) => ({ key: label, label, children: value || '-' }))}
        />
      </Card>
      <Card
        size="small"
        title={t('overview.latest')}
        extra={detail.lastDeviceTime && t('overview.reportedAt', { time: detail.lastDeviceTime })}
      >
        <LatestValues
          latest={detail.latest}
          extra={[
            // What it is doing is known only while it is connected; offline, the header says so.
            ...(device.online
              ? [
                  {
                    label: t('overview.activity'),
                    value: (
                      <Tag color={ACTIVITY_COLORS[detail.activity]}>{t(`values.activity.${detail.activity}`)}</Tag>
                    ),
                  },
                ]
              : []),
            { label: t('overview.speed'), value: detail.speed },
          ]}
        />
      </Card>
      <Card size="small" title={t('overview.trend')}>
        <TelemetryHistory
          deviceId={device.id}
          serial={device.serialNumber}
          fields={TELEMETRY_FIELDS[device.kind]}
          hours={HISTORY_HOURS}
          days={HISTORY_DAYS}
          mower={device.kind === 'mower'}
          initial="24h"
        />
      </Card>
    </Flex>
  );
}
