import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RENEWAL_WINDOW } from '@console/contract/codes/finance';
import { SIM_CARRIER } from '@console/contract/codes/sim-cards';
import { DEVICE_EDITORS } from '@console/contract/http/devices';
import { simCardEndpoints, type SimCard } from '@console/contract/http/sim-cards';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { ListColumn } from '../../../components/list-page.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { detailHref } from '../components/device-columns.tsx';
import { useSimCardForm } from '../components/sim-card-form.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /deviceManagement/simCards: the SIM cards of the machines' telematics units. */
export function SimCardsPage() {
  const { t } = useTranslation(['devices', 'common']);
  const label = useCodeLabel();
  const editor = (DEVICE_EDITORS as readonly number[]).includes(useSession().roleId);
  const form = useSimCardForm();

  const columns: ListColumn<SimCard>[] = [
    { key: 'iccid', title: t('sims.iccid'), dataIndex: 'iccid' },
    { key: 'imei', title: t('sims.imei'), dataIndex: 'imei' },
    {
      key: 'carrier',
      title: t('sims.carrier'),
      dataIndex: 'carrier',
      exportValue: (row) => label(SIM_CARRIER, row.carrier),
      render: (carrier: string) => <StatusBadge table={SIM_CARRIER} value={carrier} />,
    },
    {
      key: 'serviceExpiresAt',
      title: t('sims.serviceExpiresAt'),
      dataIndex: 'serviceExpiresAt',
      sorter: true,
      render: (day: string, row) => (
        <Space size={4}>
          {day || '-'}
          {row.renewal !== null && <StatusBadge table={RENEWAL_WINDOW} value={row.renewal} />}
        </Space>
      ),
    },
    {
      key: 'serialNumber',
      title: t('sims.device'),
      dataIndex: 'serialNumber',
      render: (serial: string, row) => (row.deviceId ? <Link to={detailHref(row.deviceId)}>{serial}</Link> : '-'),
    },
    { key: 'ownerName', title: t('sims.owner'), dataIndex: 'ownerName', defaultHidden: true },
  ];

  return (
    <RegistryPage
      area="devices"
      resource="simCards"
      endpoint={simCardEndpoints.list}
      rowKey="id"
      title={t('sims.title')}
      exportName={t('sims.exportName')}
      filters={[
        { name: 'iccid', label: t('sims.iccid'), input: <Input allowClear maxLength={20} /> },
        { name: 'imei', label: t('sims.imei'), input: <Input allowClear maxLength={15} /> },
        { name: 'serialNumber', label: t('sims.device'), input: <Input allowClear maxLength={40} /> },
        {
          name: 'carrier',
          label: t('sims.carrier'),
          input: <FilterSelect width={160} options={codeOptions(label, SIM_CARRIER)} />,
        },
        {
          name: 'expiry',
          label: t('fields.expiry'),
          input: <FilterSelect width={190} options={codeOptions(label, RENEWAL_WINDOW)} />,
        },
      ]}
      columns={columns}
      canCreate={editor}
      addLabel={t('sims.add')}
      form={form}
      remove={{
        confirm: (row) => t('sims.deleteConfirm', { iccid: row.iccid }),
        submit: (row) => callApi(simCardEndpoints.delete, { body: { id: row.id } }),
        done: t('sims.deleted'),
      }}
    />
  );
}
