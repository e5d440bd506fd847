import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { fenceEndpoints, type FenceDetail } from '@console/contract/http/fences';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage, type ListColumn, type RowOf } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { FENCE_READS } from '../api/fences.ts';
import { useBoundMachineFields } from '../fields.tsx';
import { BindDialog } from './bind-dialog.tsx';

type Machine = RowOf<typeof fenceEndpoints.devices>;

/** The machines bound to a fence, with their status and side of the fence; editors bind and unbind them. */
export function BoundMachines({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation(['fences', 'common']);
  const { message } = App.useApp();
  const unbindCall = useEndpointMutation(fenceEndpoints.unbind, { invalidates: FENCE_READS });

  const unbind = async (deviceIds: number[]) => {
    const { unbound } = await unbindCall.mutateAsync({ body: { id: fence.id, deviceIds } });
    void message.success(t('machines.unbound', { count: unbound }));
  };

  const fields = useBoundMachineFields();
  const columns: ListColumn<Machine>[] = [
    ...fields.columns(['serialNumber', 'deviceName', 'kind', 'status', 'inside', 'location', 'lastReportAt']),
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

  return (
    <ListPage
      area="fences"
      resource="devices"
      endpoint={fenceEndpoints.devices}
      fixedQuery={{ id: fence.id }}
      rowKey="id"
      exportName={t('machines.exportName', { name: fence.name })}
      filters={fields.filters(['serialNumber'])}
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
