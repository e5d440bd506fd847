import { App, Button, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FENCE_EDITORS, fenceEndpoints, type FenceRow } from '@console/contract/http/fences';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { refreshFences } from '../api/fences.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';

export const fenceHref = (id?: number) => (id ? `/deviceManagement/fence?id=${id}` : '/deviceManagement/fence');
const phone = (row: FenceRow) => (row.contactPhone ? `+${row.areaCode} ${row.contactPhone}` : '');

/** /fenceManagement/list: the fences in the user's scope, with their machines, dates, window and contacts. */
export function FencesPage() {
  const { t } = useTranslation(['fences', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const editor = (FENCE_EDITORS as readonly number[]).includes(useSession().roleId);
  const navigate = useNavigate();
  // A button that is a real link (it opens in a new tab too) and navigates inside the console on a plain click.
  const linkProps = (href: string) => ({
    href,
    onClick: (event: React.MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void navigate(href);
    },
  });

  const columns: ListColumn<FenceRow>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string, row) => <Link to={fenceHref(row.id)}>{name}</Link>,
    },
    {
      key: 'shapeType',
      title: t('fields.shapeType'),
      dataIndex: 'shapeType',
      exportValue: (row) => t(`shapes.${row.shapeType}`),
      render: (type: FenceRow['shapeType']) => t(`shapes.${type}`),
    },
    {
      key: 'deviceCount',
      title: t('fields.deviceCount'),
      dataIndex: 'deviceCount',
      sorter: true,
      // The machines themselves, in the device list filtered by this fence.
      render: (count: number, row) => <Link to={`/deviceManagement?fenceId=${row.id}`}>{count}</Link>,
    },
    {
      key: 'startDate',
      title: t('fields.monitoringDates'),
      dataIndex: 'startDate',
      sorter: true,
      exportValue: (row) => `${row.startDate} ~ ${row.endDate}`,
      render: (_: string, row) => (
        <Space size={4} wrap>
          {`${row.startDate} ~ ${row.endDate}`}
          <Tag color={row.monitoring ? 'green' : 'default'}>
            {row.monitoring ? t('list.monitoringYes') : t('list.monitoringNo')}
          </Tag>
        </Space>
      ),
    },
    {
      key: 'alarmWindow',
      title: t('fields.alarmWindow'),
      exportValue: (row) => `${row.alarmStart}-${row.alarmEnd}`,
      render: (_, row) => `${row.alarmStart}-${row.alarmEnd}`,
    },
    {
      key: 'dailyLimitHours',
      title: t('fields.dailyLimitHours'),
      dataIndex: 'dailyLimitHours',
      render: (hours: number | null) => (hours === null ? '-' : t('list.hours', { count: hours })),
    },
    { key: 'contactName', title: t('fields.contactName'), dataIndex: 'contactName' },
    { key: 'contactPhone', title: t('fields.contactPhone'), exportValue: phone, render: (_, row) => phone(row) },
    { key: 'location', title: t('fields.location'), dataIndex: 'location' },
    { key: 'ownerName', title: t('fields.owner'), dataIndex: 'ownerName', defaultHidden: true },
    { key: 'updatedAt', title: t('fields.updatedAt'), dataIndex: 'updatedAt', sorter: true, defaultHidden: true },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" {...linkProps(fenceHref(row.id))}>
            {row.editable ? t('common:edit') : t('list.view')}
          </Button>
          {row.editable && (
            <ConfirmButton
              type="link"
              danger
              title={t('list.deleteConfirm', { name: row.name })}
              onConfirm={async () => {
                await callApi(fenceEndpoints.delete, { body: { id: row.id } });
                void message.success(t('list.deleted'));
                await refreshFences(queryClient);
              }}
            >
              {t('common:delete')}
            </ConfirmButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      area="fences"
      resource="list"
      endpoint={fenceEndpoints.list}
      rowKey="id"
      title={t('list.title')}
      exportName={t('list.exportName')}
      filters={[
        { name: 'name', label: t('fields.name'), input: <Input allowClear maxLength={60} /> },
        { name: 'contact', label: t('fields.contact'), input: <Input allowClear maxLength={40} /> },
        { name: 'location', label: t('fields.location'), input: <Input allowClear maxLength={200} /> },
        {
          name: 'monitoring',
          label: t('fields.monitoring'),
          input: (
            <FilterSelect
              width={150}
              placeholder={t('placeholders.any')}
              options={[
                { value: 'yes', label: t('list.monitoringYes') },
                { value: 'no', label: t('list.monitoringNo') },
              ]}
            />
          ),
        },
      ]}
      columns={columns}
      toolbar={
        editor && (
          <Button type="primary" icon={<PlusOutlined />} {...linkProps(fenceHref())}>
            {t('list.add')}
          </Button>
        )
      }
    />
  );
}
