import { useCallback, useMemo, useState } from 'react';
import { App, Button, Space, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { warningEndpoints, type AlarmRow } from '@console/contract/http/warning';
import { WORK_ORDER_KEEPERS } from '@console/contract/access/work-orders';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { useHasRole } from '../../../lib/session.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { ALARM_READS } from '../../../lib/shared-queries.ts';
import { AlarmDetailDrawer } from '../components/alarm-detail-drawer.tsx';
import { HandleDialog } from '../components/handle-dialog.tsx';
import { useAlarmFields } from '../fields.tsx';
import { href } from '@console/contract/screens/screen';
import { faultScreens } from '@console/contract/screens/faults';
import { workOrderScreens } from '@console/contract/screens/work-orders';

type Tab = 'open' | 'ended';

/** The alarms a batch may take: one function, so that the list's table keeps it across renders. */
const actionable = (row: AlarmRow) => row.actionable;

/**
 * /warning/all: the alarm centre. Real-time (still holding) and history (ended) alarms of the user's machines,
 * filtered, paged and sorted on the server; acknowledged and handled one by one or in a batch, always by id. A new
 * alarm appears by itself (the live stream refreshes the alarm reads, lib/live-events.ts), except while the
 * user is in the list or its details: then it waits behind the "N new alarms" button, so no row moves under a click.
 */
export function AlarmCentrePage() {
  const { t } = useTranslation(['warning', 'common']);
  const { message } = App.useApp();
  const { params, update } = useListParams();
  const acknowledgeCall = useEndpointMutation(warningEndpoints.acknowledge, { invalidates: ALARM_READS });
  // `?alarmId=` (a work order's link back to its alarm) opens that alarm's details.
  const [detailId, setDetailId] = useState<number | null>(Number(params.alarmId) || null);
  // Work orders are raised by those who keep the machines (the create form is theirs).
  const raisesWorkOrders = useHasRole(WORK_ORDER_KEEPERS);
  const options = useQuery({ ...endpointQuery(warningEndpoints.options, {}, { background: true }), staleTime: 60000 });
  const orgs = options.data?.orgs ?? [];
  const tab: Tab = params.state === 'ended' ? 'ended' : 'open';

  const { mutateAsync: acknowledgeAsync } = acknowledgeCall;
  const acknowledge = useCallback(
    async (ids: number[]) => {
      const { count } = await acknowledgeAsync({ body: { ids } });
      void message.success(t('messages.acknowledged', { count }));
    },
    [acknowledgeAsync, message, t],
  );

  const fields = useAlarmFields();
  // The same columns while nothing they show changes: the list's table is not drawn again when the page renders for
  // its filters' choices or an open alarm's details (components/list-page.tsx).
  const columns = useMemo<ListColumn<AlarmRow>[]>(
    () => [
      // What happened comes right after the machine: in sight at 1440 px in both languages.
      ...fields.columns(
        [
          'startedAt',
          'level',
          'type',
          'serialNumber',
          'info',
          'value',
          'deviceName',
          'kind',
          'projectName',
          'zoneName',
          'ownerName',
          'endedAt',
          'acknowledgedAt',
          'handledAt',
          'remark',
        ],
        { endedAt: { defaultHidden: tab === 'open' } },
      ),
      {
        key: 'actions',
        title: t('common:actions'),
        noExport: true,
        fixed: 'right',
        // The actions wrap onto two lines rather than push the alarm's info out of sight.
        width: 250,
        render: (_, row) => (
          <Space size={0} wrap>
            <Button type="link" onClick={() => setDetailId(row.id)}>
              {t('actions.detail')}
            </Button>
            {row.actionable && !row.acknowledgedAt && (
              <Button type="link" onClick={() => void acknowledge([row.id]).catch(() => undefined)}>
                {t('actions.acknowledge')}
              </Button>
            )}
            {row.actionable && (
              <HandleDialog ids={[row.id]} trigger={<Button type="link">{t('actions.handle')}</Button>} />
            )}
            {raisesWorkOrders && (
              <Link to={href(workOrderScreens.list, { fromAlarm: row.id })}>{t('actions.workOrder')}</Link>
            )}
            {row.actionable && row.type === 'fault' && (
              <Link to={href(faultScreens.list, { alarmId: row.id })}>{t('actions.faultRecord')}</Link>
            )}
          </Space>
        ),
      },
    ],
    [fields, t, tab, acknowledge, raisesWorkOrders],
  );

  const filters = fields.filters(
    [
      'serialNumber',
      'kind',
      'type',
      'level',
      'handled',
      'from',
      'to',
      ...(orgs.length > 1 ? (['orgId'] as const) : []),
    ],
    { orgId: { options: () => orgs.map((o) => ({ value: String(o.id), label: o.name })) } },
  );

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ state: key, page: null, sortField: null, sortOrder: null })}
        items={[
          { key: 'open', label: t('centre.open') },
          { key: 'ended', label: t('centre.ended') },
        ]}
        style={{ marginBottom: 0 }}
      />
      <ListPage
        area="warning"
        resource="alarms"
        endpoint={warningEndpoints.list}
        rowKey="id"
        title={t('centre.title')}
        exportName={t('centre.exportName')}
        fixedQuery={{ state: tab }}
        holdNew={{
          busy: detailId !== null,
          newLabel: (count) => t('centre.newAlarms', { count }),
          changedLabel: t('centre.listChanged'),
        }}
        filters={filters}
        columns={columns}
        selectable={actionable}
        batchActions={(rows, clear) => (
          <>
            <ConfirmButton
              title={t('actions.acknowledgeConfirm', { count: rows.length })}
              onConfirm={async () => {
                await acknowledge(rows.map((r) => r.id));
                clear();
              }}
            >
              {t('actions.batchAcknowledge')}
            </ConfirmButton>
            <HandleDialog
              ids={rows.map((r) => r.id)}
              onDone={clear}
              trigger={<Button type="primary">{t('actions.batchHandle')}</Button>}
            />
          </>
        )}
      />
      <AlarmDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
