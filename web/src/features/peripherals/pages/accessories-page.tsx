import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { accessoryEndpoints, type AssetHost } from '@console/contract/http/accessories';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { AccessoriesDialog } from '../components/accessories-dialog.tsx';
import { ASSET_HOST_COLUMNS, useAssetHostFields } from '../fields.tsx';
import { PurchaseDialog } from '../components/purchase-dialog.tsx';

/** /deviceManagement/accessories: each host's purchase info (value, salvage value, attachments) and accessories. */
export function AccessoriesPage() {
  const { t } = useTranslation(['peripherals', 'common']);
  const fields = useAssetHostFields();
  const columns: ListColumn<AssetHost>[] = [
    ...fields.columns(ASSET_HOST_COLUMNS),
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
      filters={fields.filters(['serialNumber', 'recorded'])}
      columns={columns}
    />
  );
}
