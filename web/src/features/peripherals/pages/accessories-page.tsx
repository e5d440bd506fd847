import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accessoryEndpoints, type AssetHost } from '@console/contract/http/accessories';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { AccessoriesDialog } from '../components/accessories-dialog.tsx';
import { PurchaseDialog } from '../components/purchase-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** Yuan with two decimals and digit grouping. */
const formatMoney = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** /deviceManagement/accessories: each host's purchase info (value, salvage value, attachments) and accessories. */
export function AccessoriesPage() {
  const { t } = useTranslation(['peripherals', 'common']);
  const columns: ListColumn<AssetHost>[] = [
    {
      key: 'serialNumber',
      title: t('accessories.serialNumber'),
      dataIndex: 'serialNumber',
      render: (serial: string, row) => <Link to={`/deviceManagement/detail?id=${row.deviceId}`}>{serial}</Link>,
    },
    { key: 'hostName', title: t('accessories.hostName'), dataIndex: 'hostName' },
    {
      key: 'originalValue',
      title: t('accessories.originalValue'),
      sorter: true,
      exportValue: (row) => row.purchase?.originalValue,
      render: (_, row) => (row.purchase ? formatMoney(row.purchase.originalValue) : '-'),
    },
    {
      key: 'salvage',
      title: t('accessories.salvageValue'),
      exportValue: (row) => row.purchase?.salvageValue,
      render: (_, row) =>
        row.purchase
          ? `${formatMoney(row.purchase.salvageValue)}${row.purchase.salvageRate === null ? '' : ` (${row.purchase.salvageRate}%)`}`
          : '-',
    },
    {
      key: 'purchasedAt',
      title: t('accessories.purchasedAt'),
      sorter: true,
      exportValue: (row) => row.purchase?.purchasedAt,
      render: (_, row) => row.purchase?.purchasedAt || '-',
    },
    {
      key: 'attachments',
      title: t('accessories.attachments'),
      exportValue: (row) => (row.purchase ? row.purchase.photos.length + row.purchase.documents.length : 0),
      render: (_, row) => (row.purchase ? row.purchase.photos.length + row.purchase.documents.length : 0),
    },
    { key: 'accessoryCount', title: t('accessories.accessoryCount'), dataIndex: 'accessoryCount' },
    {
      key: 'accessoryValue',
      title: t('accessories.accessoryValue'),
      dataIndex: 'accessoryValue',
      render: (value: number) => formatMoney(value),
    },
    { key: 'ownerName', title: t('common.owner'), dataIndex: 'ownerName', defaultHidden: true },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          {row.editable && <PurchaseDialog host={row} />}
          <AccessoriesDialog host={row} />
        </Space>
      ),
    },
  ];
  return (
    <ListPage
      area="peripherals"
      resource="accessories"
      endpoint={accessoryEndpoints.hosts}
      rowKey="deviceId"
      title={t('accessories.title')}
      exportName={t('accessories.exportName')}
      filters={[
        { name: 'serialNumber', label: t('accessories.serialNumber'), input: <Input allowClear maxLength={40} /> },
        {
          name: 'recorded',
          label: t('accessories.recorded'),
          input: (
            <FilterSelect
              width={150}
              options={[
                { value: '1', label: t('accessories.recordedYes') },
                { value: '0', label: t('accessories.recordedNo') },
              ]}
            />
          ),
        },
      ]}
      columns={columns}
    />
  );
}
