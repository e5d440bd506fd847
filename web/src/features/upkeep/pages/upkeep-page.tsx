import { Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { upkeepEndpoints, type UpkeepPlan } from '@console/contract/http/upkeep';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { RaiseWorkOrderButton } from '../../../components/work-order-link.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { UPKEEP_READS, useIsUpkeepWriter } from '../api/upkeep.ts';
import { usePlanForm } from '../components/plan-fields.tsx';
import { useUpkeepFields } from '../fields.tsx';

/** /warning/upkeep: upkeep plans with their next due date or hours; tabs for due soon and overdue (`?due=`). */
export function UpkeepPage() {
  const { t } = useTranslation(['upkeep', 'common']);
  const writer = useIsUpkeepWriter();
  const form = usePlanForm();
  const { params, update } = useListParams();
  const counts = useQuery(endpointQuery(upkeepEndpoints.counts, {}, { background: true })).data;
  const remove = useEndpointMutation(upkeepEndpoints.remove, { invalidates: UPKEEP_READS });
  const raise = useEndpointMutation(upkeepEndpoints.raiseWorkOrder, { invalidates: UPKEEP_READS });
  const selectable = (row: UpkeepPlan) => row.editable;

  const fields = useUpkeepFields();
  const columns = fields.columns([
    'serialNumber',
    'machineKind',
    'interval',
    'lastDoneAt',
    'lastDoneHours',
    'workingHours',
    'nextDue',
    'due',
    'content',
    'workOrderId',
  ]);

  const tab = (key: 'all' | 'dueSoon' | 'overdue') => ({ key, label: t(`tabs.${key}`, { count: counts?.[key] ?? 0 }) });
  return (
    <>
      <Tabs
        activeKey={params.due ?? 'all'}
        onChange={(key) => update({ due: key === 'all' ? undefined : key }, true)}
        items={[tab('all'), tab('dueSoon'), tab('overdue')]}
        style={{ marginBottom: -8 }}
      />
      <RegistryPage
        area="upkeep"
        resource="list"
        endpoint={upkeepEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        filters={fields.filters(['keyword', 'machineKind', 'interval'])}
        columns={columns}
        canCreate={writer}
        addLabel={t('add')}
        form={form}
        selectable={selectable}
        remove={{
          confirm: (row) => t('deleteConfirm', { serial: row.serialNumber }),
          submit: (row) => remove.mutateAsync({ body: { ids: [row.id] } }),
          done: t('deleted', { count: 1 }),
        }}
        rowActions={(row) =>
          row.editable &&
          row.workOrderId === null && (
            <RaiseWorkOrderButton
              type="link"
              raise={() => raise.mutateAsync({ body: { id: row.id } })}
              confirm={t('raiseConfirm', { serial: row.serialNumber })}
              done={(id) => t('raised', { id })}
            >
              {t('raise')}
            </RaiseWorkOrderButton>
          )
        }
        batchActions={
          writer
            ? (rows, clear) => (
                <ConfirmButton
                  danger
                  title={t('batchDeleteConfirm', { count: rows.length })}
                  onConfirm={async () => {
                    await remove.mutateAsync({ body: { ids: rows.map((r) => r.id) } });
                    clear();
                  }}
                >
                  {t('batchDelete')}
                </ConfirmButton>
              )
            : undefined
        }
      />
    </>
  );
}
