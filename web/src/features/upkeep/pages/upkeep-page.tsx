import { Input, Tabs, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { UPKEEP_DUE } from '@console/contract/codes/maintenance';
import { UPKEEP_INTERVAL } from '@console/contract/codes/service';
import { upkeepEndpoints, type UpkeepPlan } from '@console/contract/http/upkeep';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import type { ListColumn } from '../../../components/list-page.tsx';
import { RegistryPage } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { RaiseWorkOrderButton, WorkOrderLink } from '../../../components/work-order-link.tsx';
import { countsQuery, deletePlans, raisePlanWorkOrder, upkeepKey, useIsUpkeepWriter } from '../api/upkeep.ts';
import { usePlanForm } from '../components/plan-fields.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /warning/upkeep: upkeep plans with their next due date or hours; tabs for due soon and overdue (`?due=`). */
export function UpkeepPage() {
  const { t } = useTranslation(['upkeep', 'common']);
  const label = useCodeLabel();
  const writer = useIsUpkeepWriter();
  const queryClient = useQueryClient();
  const form = usePlanForm();
  const { params, update } = useListParams();
  const counts = useQuery(countsQuery()).data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: upkeepKey });
  const selectable = (row: UpkeepPlan) => row.editable;

  const nextDue = (row: UpkeepPlan) => row.nextDueAt ?? t('hoursValue', { hours: row.nextDueHours ?? 0 });
  const remaining = (row: UpkeepPlan) => {
    const count = Math.abs(row.remaining);
    if (row.nextDueAt) return t(row.remaining < 0 ? 'overdueDays' : 'remainingDays', { count });
    return t(row.remaining < 0 ? 'overdueHours' : 'remainingHours', { count });
  };
  const columns: ListColumn<UpkeepPlan>[] = [
    {
      key: 'serialNumber',
      title: t('serialNumber'),
      dataIndex: 'serialNumber',
      sorter: true,
      render: (serial: string, row) => <Link to={`/deviceManagement/detail?id=${row.deviceId}`}>{serial}</Link>,
    },
    {
      key: 'machineKind',
      title: t('machineKind'),
      dataIndex: 'machineKind',
      exportValue: (row) => label(MACHINE_KIND, row.machineKind),
      render: (kind: string) => <StatusBadge table={MACHINE_KIND} value={kind} />,
    },
    {
      key: 'interval',
      title: t('interval'),
      dataIndex: 'interval',
      exportValue: (row) => label(UPKEEP_INTERVAL, row.interval),
      render: (value: string, row) =>
        value === 'hours'
          ? `${label(UPKEEP_INTERVAL, value)} (${t('hoursValue', { hours: row.intervalHours })})`
          : label(UPKEEP_INTERVAL, value),
    },
    { key: 'lastDoneAt', title: t('lastDoneAt'), dataIndex: 'lastDoneAt', sorter: true },
    { key: 'lastDoneHours', title: t('lastDoneHours'), dataIndex: 'lastDoneHours', defaultHidden: true },
    { key: 'workingHours', title: t('workingHours'), dataIndex: 'workingHours' },
    {
      key: 'nextDue',
      title: t('nextDue'),
      dataIndex: 'nextDueAt',
      exportValue: nextDue,
      render: (_, row) => nextDue(row),
    },
    {
      key: 'due',
      title: t('due'),
      dataIndex: 'due',
      exportValue: (row) => `${label(UPKEEP_DUE, row.due)} ${remaining(row)}`,
      render: (due: string, row) => (
        <>
          <StatusBadge table={UPKEEP_DUE} value={due} />
          <Typography.Text type="secondary">{remaining(row)}</Typography.Text>
        </>
      ),
    },
    { key: 'content', title: t('content'), dataIndex: 'content', render: (v: string) => v || '-' },
    {
      key: 'workOrderId',
      title: t('workOrder'),
      dataIndex: 'workOrderId',
      exportValue: (row) => row.workOrderId ?? '',
      render: (id: number | null) => <WorkOrderLink id={id} />,
    },
  ];

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
        filters={[
          { name: 'keyword', label: t('keyword'), input: <Input allowClear maxLength={40} /> },
          {
            name: 'machineKind',
            label: t('machineKind'),
            input: <FilterSelect width={170} options={codeOptions(label, MACHINE_KIND)} />,
          },
          {
            name: 'interval',
            label: t('interval'),
            input: <FilterSelect width={150} options={codeOptions(label, UPKEEP_INTERVAL)} />,
          },
        ]}
        columns={columns}
        canCreate={writer}
        addLabel={t('add')}
        form={form}
        refresh={refresh}
        selectable={selectable}
        remove={{
          confirm: (row) => t('deleteConfirm', { serial: row.serialNumber }),
          submit: (row) => deletePlans([row.id]),
          done: t('deleted', { count: 1 }),
        }}
        rowActions={(row) =>
          row.editable &&
          row.workOrderId === null && (
            <RaiseWorkOrderButton
              type="link"
              raise={() => raisePlanWorkOrder(row.id)}
              confirm={t('raiseConfirm', { serial: row.serialNumber })}
              done={(id) => t('raised', { id })}
              refresh={upkeepKey}
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
                    await deletePlans(rows.map((r) => r.id));
                    clear();
                    await refresh();
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
