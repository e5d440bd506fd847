import { Card, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_CONDITION, DEVICE_STATUS } from '@console/contract/codes/device-status';
import { LOCK_LEVEL } from '@console/contract/codes/lock';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import type { DeviceDetail } from '@console/contract/http/device-detail';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ResetSecretButton } from '../../devices/index.ts';

const ALARM = 8;
const LOCKED = 4;

/** Who and what the machine is, and its state now: kept current by the live events of the page. */
export function DeviceHeader({ detail }: { detail: DeviceDetail }) {
  const { t } = useTranslation(['device-detail', 'devices']);
  const { device, conditions } = detail;
  const name = device.hostName || device.deviceName || device.serialNumber;
  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <Flex wrap gap={12} align="baseline">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
          <Typography.Text copyable>{device.serialNumber}</Typography.Text>
          <StatusBadge table={MACHINE_KIND} value={device.kind} />
          <Typography.Text type="secondary">
            {t('header.model')}: {device.modelName}
          </Typography.Text>
          {/* Those who fit devices issue the machine's MQTT key here (decision 011). */}
          <ResetSecretButton deviceId={device.id} />
        </Flex>
        <Space wrap size={[4, 4]} aria-label={t('devices:fields.status')}>
          <StatusBadge table={DEVICE_STATUS} value={device.status} />
          {device.alarmOpen && device.status !== ALARM && <StatusBadge table={DEVICE_STATUS} value={ALARM} />}
          {device.status !== LOCKED && <StatusBadge table={LOCK_LEVEL} value={device.lockLevel} />}
          <Tag color={device.online ? 'green' : 'default'}>
            {device.online ? t('header.online') : t('header.offline')}
          </Tag>
          {device.sleeping && <Tag color="purple">{t('header.sleeping')}</Tag>}
          {conditions.map((condition) => (
            <StatusBadge key={condition} table={DEVICE_CONDITION} value={condition} />
          ))}
        </Space>
        <Flex wrap gap={24}>
          <Typography.Text type="secondary">
            {t('header.owner')}: {device.ownerName}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('header.customer')}: {device.customerName || '-'}
          </Typography.Text>
          {/* The page's one "last report": the latest values' time too (decision 062). */}
          <Typography.Text type="secondary" data-testid="header-last-report">
            {t('header.lastReport')}: {detail.lastDeviceTime || t('header.never')}
          </Typography.Text>
          {detail.offlineSince && detail.offlineSince !== detail.lastDeviceTime && (
            <Typography.Text type="secondary">
              {t('header.offlineSince', { time: detail.offlineSince })}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
