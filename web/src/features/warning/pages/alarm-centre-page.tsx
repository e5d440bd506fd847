import { useState } from 'react';
import { App, Button, Input, Space, Tabs, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ALARM_LEVEL, ALARM_TYPE } from '@console/contract/codes/alarms';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { warningEndpoints, type AlarmRow } from '@console/contract/http/warning';
import { WORK_ORDER_KEEPERS } from '@console/contract/http/work-orders';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage, type ListColumn, type ListFilter } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { useSession } from '../../../lib/session.ts';
import { acknowledgeAlarms, alarmOptionsQuery, refreshAlarms } from '../api/alarms.ts';
import { AlarmDetailDrawer } from '../components/alarm-detail-drawer.tsx';
import { faultRecordHref, machineHref, workOrderHref } from '../components/alarm-links.ts';
import { useAlarmValue } from '../components/alarm-value.tsx';
import { DayFilter } from '../components/day-filter.tsx';
import { HandleDialog } from '../components/handle-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

type Tab = 'open' | 'ended';

/**
 * /warning/all: the alarm centre. Real-time (still holding) and history (ended) alarms of the user's machines,
 * filtered, paged and sorted on the server; acknowledged and handled one by one or in a batch. A new alarm
 * appears by itself: the live stream refreshes every 'warning' query (lib/live-events.ts).
 */
export function AlarmCentrePage() {
  const { t } = useTranslation(['warning', 'common']);
  const label = useCodeLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { params } = useListParams();
  const [, setSearch] = useSearchParams();
  // `?alarmId=` (a work order's link back to its alarm) opens that alarm's details.
  const [detailId, setDetailId] = useState<number | null>(Number(params.alarmId) || null);
  const valueOf = useAlarmValue();
  // Work orders are raised by those who keep the machines (the create form is theirs).
  const raisesWorkOrders = (WORK_ORDER_KEEPERS as readonly number[]).includes(useSession().roleId);
  const orgs = useQuery(alarmOptionsQuery()).data?.orgs ?? [];
  const tab: Tab = params.state === 'ended' ? 'ended' : 'open';

  const acknowledge = async (ids: number[]) => {
    const { count } = await acknowledgeAlarms(ids);
    void message.success(t('messages.acknowledged', { count }));
    await refreshAlarms(queryClient);
  };

  const columns: ListColumn<AlarmRow>[] = [
    { key: 'startedAt', title: t('fields.startedAt'), dataIndex: 'startedAt', sorter: true },
    {
      key: 'level',
      title: t('fields.level'),
      dataIndex: 'level',
      sorter: true,
      exportValue: (row) => label(ALARM_LEVEL, row.level),
      render: (level: number) => <StatusBadge table={ALARM_LEVEL} value={level} />,
    },
    {
      key: 'type',
      title: t('fields.type'),
      dataIndex: 'type',
      exportValue: (row) => label(ALARM_TYPE, row.type),
      render: (type: string) => <StatusBadge table={ALARM_TYPE} value={type} />,
    },
    {
      key: 'serialNumber',
      title: t('fields.serialNumber'),
      dataIndex: 'serialNumber',
      render: (serial: string, row) => <Link to={machineHref(row.deviceId)}>{serial}</Link>,
    },
    { key: 'deviceName', title: t('fields.deviceName'), dataIndex: 'deviceName', defaultHidden: true },
    {
      key: 'kind',
      title: t('fields.kind'),
      dataIndex: 'kind',
      exportValue: (row) => label(MACHINE_KIND, row.kind),
      render: (kind: string) => <StatusBadge table={MACHINE_KIND} value={kind} />,
    },
    { key: 'info', title: t('fields.info'), dataIndex: 'info' },
    { key: 'value', title: t('fields.value'), exportValue: valueOf, render: (_, row) => valueOf(row) },
    { key: 'projectName', title: t('fields.project'), dataIndex: 'projectName' },
    { key: 'zoneName', title: t('fields.zone'), dataIndex: 'zoneName', defaultHidden: true },
    { key: 'ownerName', title: t('fields.owner'), dataIndex: 'ownerName', defaultHidden: true },
    { key: 'endedAt', title: t('fields.endedAt'), dataIndex: 'endedAt', sorter: true, defaultHidden: tab === 'open' },
    {
      key: 'acknowledgedAt',
      title: t('fields.acknowledged'),
      dataIndex: 'acknowledgedAt',
      exportValue: (row) => (row.acknowledgedAt ? `${row.acknowledgedBy} ${row.acknowledgedAt}` : ''),
      render: (at: string | null, row) => (at ? `${row.acknowledgedBy} · ${at}` : '-'),
    },
    {
      key: 'handledAt',
      title: t('fields.handled'),
      dataIndex: 'handledAt',
      exportValue: (row) => (row.handledAt ? `${row.handledBy} ${row.handledAt}` : ''),
      render: (at: string | null, row) => (at ? `${row.handledBy} · ${at}` : '-'),
    },
    {
      key: 'remark',
      title: t('fields.remark'),
      dataIndex: 'remark',
      render: (remark: string) => <Typography.Text ellipsis={{ tooltip: remark }}>{remark || '-'}</Typography.Text>,
    },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      fixed: 'right',
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
          {raisesWorkOrders && <Link to={workOrderHref(row.id)}>{t('actions.workOrder')}</Link>}
          {row.actionable && row.type === 'fault' && (
            <Link to={faultRecordHref(row.id)}>{t('actions.faultRecord')}</Link>
          )}
        </Space>
      ),
    },
  ];

  const select = (options: { value: string; label: string }[], width?: number) => (
    <FilterSelect width={width} placeholder={t('placeholders.any')} options={options} />
  );
  const filters: ListFilter[] = [
    { name: 'serialNumber', label: t('fields.serialNumber'), input: <Input allowClear maxLength={40} /> },
    { name: 'kind', label: t('fields.kind'), input: select(codeOptions(label, MACHINE_KIND)) },
    { name: 'type', label: t('fields.type'), input: select(codeOptions(label, ALARM_TYPE), 190) },
    { name: 'level', label: t('fields.level'), input: select(codeOptions(label, ALARM_LEVEL), 120) },
    {
      name: 'handled',
      label: t('fields.handledFilter'),
      input: select(
        [
          { value: '1', label: t('handledOptions.yes') },
          { value: '0', label: t('handledOptions.no') },
        ],
        130,
      ),
    },
    { name: 'from', label: t('fields.from'), input: <DayFilter /> },
    { name: 'to', label: t('fields.to'), input: <DayFilter /> },
    // Only who sees several organisations chooses among them.
    ...(orgs.length > 1
      ? [
          {
            name: 'orgId',
            label: t('fields.org'),
            input: select(
              orgs.map((o) => ({ value: String(o.id), label: o.name })),
              220,
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          // From the address as it is now: the tabs may hold this render's handler after a filter reset.
          const next = new URLSearchParams(window.location.search);
          next.set('state', key);
          for (const name of ['page', 'sortField', 'sortOrder']) next.delete(name);
          setSearch(next);
        }}
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
        filters={filters}
        columns={columns}
        selectable={(row) => row.actionable}
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
