import { App, Input, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { fenceEndpoints, type FenceDetail } from '@console/contract/http/fences';
import { useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage, type ListColumn, type RowOf } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { refreshFences } from '../api/fences.ts';
import { BindDialog } from './bind-dialog.tsx';

type Machine = RowOf<typeof fenceEndpoints.devices>;

/** The machines bound to a fence, with their status and side of the fence; editors bind and unbind them. */
export function BoundMachines({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation(['fences', 'common']);
  const label = useCodeLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const unbind = async (deviceIds: number[]) => {
    const { unbound } = await callApi(fenceEndpoints.unbind, { body: { id: fence.id, deviceIds } });
    void message.success(t('machines.unbound', { count: unbound }));
    await refreshFences(queryClient);
  };

  const columns: ListColumn<Machine>[] = [
    {
      key: 'serialNumber',
      title: t('machines.serialNumber'),
      dataIndex: 'serialNumber',
      render: (serial: string, row) => <Link to={`/deviceManagement/detail?id=${row.id}`}>{serial}</Link>,
    },
    { key: 'deviceName', title: t('machines.deviceName'), dataIndex: 'deviceName' },
    {
      key: 'kind',
      title: t('machines.kind'),
      dataIndex: 'kind',
      exportValue: (row) => label(MACHINE_KIND, row.kind),
      render: (kind: string) => label(MACHINE_KIND, kind),
    },
    {
      key: 'status',
      title: t('machines.status'),
      dataIndex: 'status',
      exportValue: (row) => label(DEVICE_STATUS, row.status),
      render: (status: number) => <StatusBadge table={DEVICE_STATUS} value={status} />,
    },
    {
      key: 'inside',
      title: t('machines.position'),
      dataIndex: 'inside',
      exportValue: (row) => sideText(row.inside),
      render: (inside: boolean | null) => (
        <Tag color={inside === null ? 'default' : inside ? 'green' : 'orange'}>{sideText(inside)}</Tag>
      ),
    },
    { key: 'location', title: t('machines.location'), dataIndex: 'location', defaultHidden: true },
    { key: 'lastReportAt', title: t('machines.lastReportAt'), dataIndex: 'lastReportAt' },
    ...(fence.editable
      ? [
          {
            key: 'actions',
            title: t('common:actions'),
            noExport: true,
            render: (_: unknown, row: Machine) => (
              <ConfirmButton
                type="link"
                danger
                title={t('machines.unbindConfirm', { serial: row.serialNumber })}
                onConfirm={() => unbind([row.id])}
              >
                {t('machines.unbind')}
              </ConfirmButton>
            ),
          },
        ]
      : []),
  ];

  function sideText(inside: boolean | null) {
    return inside === null ? t('machines.unknown') : inside ? t('machines.inside') : t('machines.outside');
  }

  return (
    <ListPage
      area="fences"
      resource="devices"
      endpoint={fenceEndpoints.devices}
      fixedQuery={{ id: fence.id }}
      rowKey="id"
      exportName={t('machines.exportName', { name: fence.name })}
      filters={[
        { name: 'serialNumber', label: t('machines.serialNumber'), input: <Input allowClear maxLength={40} /> },
      ]}
      columns={columns}
      toolbar={fence.editable && <BindDialog fence={fence} />}
      batchActions={
        fence.editable
          ? (rows, clear) => (
              <Space>
                <ConfirmButton
                  danger
                  disabled={rows.length === 0}
                  title={t('machines.unbindSelectedConfirm', { count: rows.length })}
                  onConfirm={async () => {
                    await unbind(rows.map((r) => r.id));
                    clear();
                  }}
                >
                  {t('machines.unbindSelected')}
                </ConfirmButton>
              </Space>
            )
          : undefined
      }
    />
  );
}
