import { Input, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { deviceModelEndpoints, type DeviceModel } from '@console/contract/http/device-models';
import { DEVICE_EDITORS } from '@console/contract/http/devices';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import type { ListColumn } from '../../../components/list-page.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useSession } from '../../../lib/session.ts';
import { deleteModel, refreshModels } from '../api/devices.ts';
import { useModelForm } from '../components/model-form.tsx';
import { ModelImage } from '../components/model-image.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /deviceManagement/models: the device types (models) the user's machines may use. */
export function ModelsPage() {
  const { t } = useTranslation(['devices', 'common']);
  const label = useCodeLabel();
  const { roleId } = useSession();
  const editor = (DEVICE_EDITORS as readonly number[]).includes(roleId);
  const form = useModelForm();

  const columns: ListColumn<DeviceModel>[] = [
    {
      key: 'image',
      title: t('models.image'),
      noExport: true,
      render: (_, row) => <ModelImage url={row.image} alt={row.name} />,
    },
    { key: 'name', title: t('models.name'), dataIndex: 'name', sorter: true },
    {
      key: 'category',
      title: t('models.category'),
      dataIndex: 'category',
      sorter: true,
      exportValue: (row) => label(MACHINE_KIND, row.category),
      render: (category: string) => <StatusBadge table={MACHINE_KIND} value={category} />,
    },
    { key: 'brand', title: t('models.brand'), dataIndex: 'brand' },
    {
      key: 'deviceCount',
      title: t('models.deviceCount'),
      dataIndex: 'deviceCount',
      // The machines behind the number, in the device list.
      render: (count: number, row) => <Link to={`/deviceManagement?modelId=${row.id}`}>{count}</Link>,
    },
    {
      key: 'shared',
      title: t('models.shared'),
      exportValue: (row) => (row.shared ? t('models.shared') : t('models.own')),
      render: (_, row) =>
        row.shared ? (
          <Tooltip title={t('models.sharedHint')}>
            <Tag color="blue">{t('models.shared')}</Tag>
          </Tooltip>
        ) : (
          <Tag>{t('models.own')}</Tag>
        ),
    },
    { key: 'createdAt', title: t('models.createdAt'), dataIndex: 'createdAt', sorter: true },
  ];

  return (
    <RegistryPage
      area="devices"
      resource="models"
      endpoint={deviceModelEndpoints.list}
      rowKey="id"
      title={t('models.title')}
      exportName={t('models.exportName')}
      filters={[
        { name: 'name', label: t('models.name'), input: <Input allowClear maxLength={60} /> },
        {
          name: 'category',
          label: t('models.category'),
          input: <FilterSelect width={180} options={codeOptions(label, MACHINE_KIND)} />,
        },
      ]}
      columns={columns}
      canCreate={editor}
      addLabel={t('models.add')}
      form={form}
      remove={{
        confirm: (row) => t('models.deleteConfirm', { name: row.name }),
        submit: (row) => deleteModel(row.id),
        done: t('models.deleted'),
      }}
      refresh={refreshModels}
    />
  );
}
