import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEASE_STATUS } from '@console/contract/codes/stock';
import { DEVICE_EDITORS } from '@console/contract/http/devices';
import { virtualHostEndpoints, type VirtualHost } from '@console/contract/http/virtual-hosts';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { ListColumn } from '../../../components/list-page.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { useHostOptions, useVirtualHostForm } from '../components/virtual-host-form.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /deviceManagement/virtualHosts: machines kept on the books without a telematics unit, with spreadsheet import. */
export function VirtualHostsPage() {
  const { t } = useTranslation(['peripherals', 'common']);
  const label = useCodeLabel();
  const editor = (DEVICE_EDITORS as readonly number[]).includes(useSession().roleId);
  const form = useVirtualHostForm();
  const options = useHostOptions();

  const columns: ListColumn<VirtualHost>[] = [
    { key: 'hostNumber', title: t('virtualHosts.hostNumber'), dataIndex: 'hostNumber', sorter: true },
    {
      key: 'installationType',
      title: t('virtualHosts.installationType'),
      exportValue: (row) => t(`virtualHosts.types.${row.installationType}`),
      render: (_, row) => t(`virtualHosts.types.${row.installationType}`),
    },
    { key: 'brand', title: t('virtualHosts.brand'), dataIndex: 'brand' },
    { key: 'platformHeight', title: t('virtualHosts.platformHeight'), dataIndex: 'platformHeight', sorter: true },
    {
      key: 'powerSource',
      title: t('virtualHosts.powerSource'),
      exportValue: (row) => t(`virtualHosts.power.${row.powerSource}`),
      render: (_, row) => t(`virtualHosts.power.${row.powerSource}`),
    },
    { key: 'equipmentHeight', title: t('virtualHosts.equipmentHeight'), dataIndex: 'equipmentHeight', sorter: true },
    { key: 'customerName', title: t('virtualHosts.customerName'), dataIndex: 'customerName' },
    {
      key: 'leaseStatus',
      title: t('virtualHosts.leaseStatus'),
      dataIndex: 'leaseStatus',
      exportValue: (row) => label(LEASE_STATUS, row.leaseStatus),
      render: (status: number) => <StatusBadge table={LEASE_STATUS} value={status} />,
    },
    { key: 'ownerName', title: t('common.owner'), dataIndex: 'ownerName', defaultHidden: true },
    { key: 'createdAt', title: t('virtualHosts.createdAt'), dataIndex: 'createdAt', sorter: true, defaultHidden: true },
  ];

  return (
    <RegistryPage
      area="peripherals"
      resource="virtualHosts"
      endpoint={virtualHostEndpoints.list}
      rowKey="id"
      title={t('virtualHosts.title')}
      exportName={t('virtualHosts.exportName')}
      filters={[
        { name: 'hostNumber', label: t('virtualHosts.hostNumber'), input: <Input allowClear maxLength={40} /> },
        { name: 'brand', label: t('virtualHosts.brand'), input: <Input allowClear maxLength={40} /> },
        { name: 'customerName', label: t('virtualHosts.customerName'), input: <Input allowClear maxLength={60} /> },
        {
          name: 'installationType',
          label: t('virtualHosts.installationType'),
          input: <Select allowClear style={{ width: 150 }} options={options.types} />,
        },
        {
          name: 'powerSource',
          label: t('virtualHosts.powerSource'),
          input: <Select allowClear style={{ width: 150 }} options={options.power} />,
        },
        {
          name: 'leaseStatus',
          label: t('virtualHosts.leaseStatus'),
          input: <FilterSelect width={150} options={codeOptions(label, LEASE_STATUS)} />,
        },
      ]}
      columns={columns}
      canCreate={editor}
      addLabel={t('virtualHosts.add')}
      toolbar={editor && <ImportDialog />}
      form={form}
      remove={{
        confirm: (row) => t('virtualHosts.deleteConfirm', { number: row.hostNumber }),
        submit: (row) => callApi(virtualHostEndpoints.delete, { body: { id: row.id } }),
        done: t('virtualHosts.deleted'),
      }}
    />
  );
}
