import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { POSITIONING } from '@console/contract/codes/device-status';
import { DEVICE_EDITORS } from '@console/contract/http/devices';
import { gpsGatewayEndpoints, type GpsGateway } from '@console/contract/http/peripherals';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { ListColumn } from '../../../components/list-page.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useBindingColumns } from '../components/binding-columns.tsx';
import { useGpsGatewayForm } from '../components/gps-gateway-form.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /deviceManagement/gpsGateways: the vehicle GPS gateways. */
export function GpsGatewaysPage() {
  const { t } = useTranslation('peripherals');
  const label = useCodeLabel();
  const editor = (DEVICE_EDITORS as readonly number[]).includes(useSession().roleId);
  const form = useGpsGatewayForm();
  const columns: ListColumn<GpsGateway>[] = [
    { key: 'imei', title: t('gpsGateways.imei'), dataIndex: 'imei' },
    { key: 'plate', title: t('gpsGateways.plate'), dataIndex: 'plate', render: (v: string) => v || '-' },
    {
      key: 'positioning',
      title: t('gpsGateways.positioning'),
      dataIndex: 'positioning',
      exportValue: (row) => label(POSITIONING, row.positioning),
      render: (value: string) => <StatusBadge table={POSITIONING} value={value} />,
    },
    ...useBindingColumns<GpsGateway>(),
  ];
  return (
    <RegistryPage
      area="peripherals"
      resource="gpsGateways"
      endpoint={gpsGatewayEndpoints.list}
      rowKey="id"
      title={t('gpsGateways.title')}
      exportName={t('gpsGateways.exportName')}
      filters={[
        { name: 'imei', label: t('gpsGateways.imei'), input: <Input allowClear maxLength={15} /> },
        { name: 'plate', label: t('gpsGateways.plate'), input: <Input allowClear maxLength={16} /> },
        { name: 'deviceSerial', label: t('common.device'), input: <Input allowClear maxLength={40} /> },
        {
          name: 'positioning',
          label: t('gpsGateways.positioning'),
          input: <FilterSelect width={150} options={codeOptions(label, POSITIONING)} />,
        },
      ]}
      columns={columns}
      canCreate={editor}
      addLabel={t('gpsGateways.add')}
      form={form}
      remove={{
        confirm: (row) => t('gpsGateways.deleteConfirm', { imei: row.imei }),
        submit: (row) => callApi(gpsGatewayEndpoints.delete, { body: { id: row.id } }),
        done: t('gpsGateways.deleted'),
      }}
    />
  );
}
