import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_STATUS, POSITIONING, SIGNAL } from '@console/contract/codes/device-status';
import { RENEWAL_WINDOW } from '@console/contract/codes/finance';
import { LOCK_LEVEL } from '@console/contract/codes/lock';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { LEASE_STATUS, STOCK_STATUS } from '@console/contract/codes/stock';
import type { CodeTable } from '@console/contract/codes/code-table';
import type { DeviceRow } from '@console/contract/http/devices';
import { useCodeLabel } from '../../../components/code-label.ts';
import type { ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

/** Where a machine's detail page is (spec route /deviceManagement/detail, the id in the query). */
export const detailHref = (id: number) => `/deviceManagement/detail?id=${id}`;
export const editHref = (id: number) => `/deviceManagement/addMachine?id=${id}`;

/** The columns of the device list: every registry field, the rarer ones hidden until chosen. */
export function useDeviceColumns(): ListColumn<DeviceRow>[] {
  const { t } = useTranslation(['devices', 'common']);
  const label = useCodeLabel();
  const coded = (key: keyof DeviceRow, title: string, table: CodeTable, extra: Partial<ListColumn<DeviceRow>> = {}) =>
    ({
      key,
      title,
      dataIndex: key,
      exportValue: (row: DeviceRow) => label(table, row[key]),
      render: (value: unknown) => <StatusBadge table={table} value={value} />,
      ...extra,
    }) satisfies ListColumn<DeviceRow>;
  const text = (key: keyof DeviceRow, title: string, extra: Partial<ListColumn<DeviceRow>> = {}) =>
    ({ key, title, dataIndex: key, ...extra }) satisfies ListColumn<DeviceRow>;

  return [
    text('serialNumber', t('fields.serialNumber'), {
      sorter: true,
      fixed: 'left',
      render: (serial: string, row) => <Link to={detailHref(row.id)}>{serial}</Link>,
    }),
    text('hostName', t('fields.hostName'), {
      sorter: true,
      render: (name: string, row) => (name ? <Link to={detailHref(row.id)}>{name}</Link> : '-'),
    }),
    text('deviceName', t('fields.deviceName')),
    text('hostSerial', t('fields.hostSerial')),
    text('modelName', t('fields.model')),
    coded('kind', t('fields.kind'), MACHINE_KIND, { sorter: true }),
    text('brand', t('fields.brand')),
    coded('status', t('fields.status'), DEVICE_STATUS, {
      sorter: true,
      render: (status: number, row) => (
        <Space size={4}>
          <StatusBadge table={DEVICE_STATUS} value={status} />
          {/* What a status filter may have matched beside the one code shown (an offline machine's alarm). */}
          {row.alarmOpen && status !== 8 && <StatusBadge table={DEVICE_STATUS} value={8} />}
          {row.lockLevel > 0 && status !== 4 && <StatusBadge table={LOCK_LEVEL} value={row.lockLevel} />}
          {row.sleeping && <Tag>{t('list.sleeping')}</Tag>}
        </Space>
      ),
    }),
    coded('signal', t('fields.signal'), SIGNAL),
    coded('leaseStatus', t('fields.leaseStatus'), LEASE_STATUS),
    coded('inventoryState', t('fields.inventoryState'), STOCK_STATUS),
    text('customerName', t('fields.customer')),
    text('distributorName', t('fields.distributor')),
    text('serviceExpiresAt', t('fields.serviceExpiresAt'), {
      sorter: true,
      render: (day: string, row) => (
        <Space size={4}>
          {day || '-'}
          {row.renewal !== null && <StatusBadge table={RENEWAL_WINDOW} value={row.renewal} />}
        </Space>
      ),
    }),
    text('location', t('fields.location'), { ellipsis: true, width: 180 }),
    text('lastReportAt', t('fields.lastReportAt'), { sorter: true }),
    text('workingHours', t('fields.workingHours'), { sorter: true, defaultHidden: true }),
    text('ownerName', t('fields.owner'), { defaultHidden: true }),
    text('machineNumber', t('fields.machineNumber'), { defaultHidden: true }),
    text('gpsSerial', t('fields.gpsSerial'), { defaultHidden: true }),
    coded('positioning', t('fields.positioning'), POSITIONING, { defaultHidden: true }),
    text('licensePlate', t('fields.licensePlate'), { defaultHidden: true }),
    text('engineNumber', t('fields.engineNumber'), { defaultHidden: true }),
    text('frameNumber', t('fields.frameNumber'), { defaultHidden: true }),
    text('installedAt', t('fields.installedAt'), { sorter: true, defaultHidden: true }),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      fixed: 'right',
      render: (_, row) => (
        <Space size={12}>
          <Link to={detailHref(row.id)}>{t('list.detail')}</Link>
          {row.editable && <Link to={editHref(row.id)}>{t('common:edit')}</Link>}
        </Space>
      ),
    },
  ];
}
