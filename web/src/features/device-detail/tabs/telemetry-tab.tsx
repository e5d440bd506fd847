import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceDetail, TelemetryField } from '@console/contract/http/device-detail';
import { LatestValues } from '../components/latest-values.tsx';
import { TelemetryHistory } from '../components/telemetry-history.tsx';

interface TelemetryTabProps {
  detail: DeviceDetail;
  fields: readonly TelemetryField[];
  hours: readonly number[];
  days: readonly number[];
  /** Reported states shown beside the fields' latest values (a charger's state). */
  states?: readonly string[];
}

/** A tab of some of a machine's telemetry (electrical system, battery, charger): the latest values and their history. */
export function TelemetryTab({ detail, fields, hours, days, states = [] }: TelemetryTabProps) {
  const { t } = useTranslation('device-detail');
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('overview.latest')} extra={detail.lastDeviceTime}>
        <LatestValues latest={detail.latest} only={[...states, ...fields]} />
      </Card>
      <Card size="small" title={t('overview.trend')}>
        <TelemetryHistory
          deviceId={detail.device.id}
          serial={detail.device.serialNumber}
          fields={fields}
          hours={hours}
          days={days}
          mower={detail.device.kind === 'mower'}
          initial={`${hours[0]}h`}
        />
      </Card>
    </Flex>
  );
}
