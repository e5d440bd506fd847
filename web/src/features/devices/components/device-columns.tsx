import { useMemo } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeviceRow } from '@console/contract/http/devices';
import type { ListColumn } from '../../../components/list-page.tsx';
import { href } from '@console/contract/screens/screen';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { deviceScreens } from '@console/contract/screens/devices';
import { useDeviceFields } from '../fields.tsx';

/** The columns of the device list: every registry field, the rarer ones hidden until chosen. */
export function useDeviceColumns(): ListColumn<DeviceRow>[] {
  const { t } = useTranslation(['devices', 'common']);
  const fields = useDeviceFields();
  // The same columns while the language is: the list's table is not drawn again when the page renders for its
  // filters' choices (components/list-page.tsx).
  return useMemo(
    () => [
      ...fields.columns(
        [
          'serialNumber',
          // What a user scans for comes first, in sight at 1440 px in both languages: status, signal, where, when.
          'status',
          'signal',
          'location',
          'lastReportAt',
          'hostName',
          'deviceName',
          'hostSerial',
          'modelName',
          'kind',
          'brand',
          'leaseStatus',
          'rentedFrom',
          'inventoryState',
          'customerName',
          'distributorName',
          'fenceName',
          'serviceExpiresAt',
          'workingHours',
          'ownerName',
          'machineNumber',
          'gpsSerial',
          'positioning',
          'licensePlate',
          'engineNumber',
          'frameNumber',
          'installedAt',
        ],
        { serialNumber: { fixed: 'left' } },
      ),
      {
        key: 'actions',
        title: t('common:actions'),
        noExport: true,
        fixed: 'right',
        render: (_, row) => (
          <Space size={12}>
            <Link to={href(deviceDetailScreens.detail, { id: row.id })}>{t('list.detail')}</Link>
            {row.editable && <Link to={href(deviceScreens.form, { id: row.id })}>{t('common:edit')}</Link>}
          </Space>
        ),
      },
    ],
    [fields, t],
  );
}
