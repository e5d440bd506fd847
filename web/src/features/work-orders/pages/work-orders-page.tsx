import { useState } from 'react';
import { Button, Input, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { WORK_ORDER_SOURCE, WORK_ORDER_STATUS, WORK_ORDER_TYPE } from '@console/contract/codes/service';
import { workOrderEndpoints, type WorkOrderRow } from '@console/contract/http/work-orders';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { machineHref, technicianChoicesQuery, ticketHref, useIsKeeper, useIsTechnician } from '../api/work-orders.ts';
import { ActionDialog } from '../components/action-dialog.tsx';
import { AlarmWorkOrderDialog } from '../components/alarm-prefill.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { WorkOrderDialog } from '../components/work-order-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** /warning/ticket: the work orders in scope (a technician's: their own), filters, batch assign, export. */
export function WorkOrdersPage() {
  const { t } = useTranslation(['work-orders', 'common']);
  const label = useCodeLabel();
  const keeper = useIsKeeper();
  const technician = useIsTechnician();
  const [params, setParams] = useSearchParams();
  const fromAlarm = Number(params.get('fromAlarm')) || 0;
  const [creating, setCreating] = useState(false);
  const technicians = useQuery({ ...technicianChoicesQuery(), enabled: keeper });

  const closeAlarmDialog = () => {
    const next = new URLSearchParams(params);
    next.delete('fromAlarm');
    setParams(next, { replace: true });
  };

  const columns: ListColumn<WorkOrderRow>[] = [
    {
      key: 'number',
      title: t('fields.number'),
      dataIndex: 'number',
      sorter: true,
      render: (number: string, row) => <Link to={ticketHref(row.id)}>{number}</Link>,
    },
    {
      key: 'title',
      title: t('fields.title'),
      dataIndex: 'title',
      render: (title: string) => <Typography.Text ellipsis={{ tooltip: title }}>{title}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('fields.status'),
      dataIndex: 'status',
      sorter: true,
      exportValue: (row) => label(WORK_ORDER_STATUS, row.status),
      render: (value: number) => <StatusBadge table={WORK_ORDER_STATUS} value={value} />,
    },
    {
      key: 'type',
      title: t('fields.type'),
      dataIndex: 'type',
      exportValue: (row) => label(WORK_ORDER_TYPE, row.type),
      render: (value: number) => <StatusBadge table={WORK_ORDER_TYPE} value={value} />,
    },
    {
      key: 'level',
      title: t('fields.level'),
      dataIndex: 'level',
      sorter: true,
      exportValue: (row) => row.level,
      render: (level: number) => t('fields.levelValue', { level }),
    },
    {
      key: 'source',
      title: t('fields.source'),
      dataIndex: 'source',
      exportValue: (row) => label(WORK_ORDER_SOURCE, row.source),
      render: (value: string) => <StatusBadge table={WORK_ORDER_SOURCE} value={value} />,
    },
    {
      key: 'serialNumber',
      title: t('fields.serialNumber'),
      dataIndex: 'serialNumber',
      render: (serial: string, row) => <Link to={machineHref(row.deviceId)}>{serial}</Link>,
    },
    {
      key: 'deviceKind',
      title: t('fields.deviceKind'),
      dataIndex: 'deviceKind',
      exportValue: (row) => label(MACHINE_KIND, row.deviceKind),
      render: (kind: string) => label(MACHINE_KIND, kind),
    },
    { key: 'orgName', title: t('fields.organisation'), dataIndex: 'orgName', defaultHidden: technician },
    { key: 'assigneeName', title: t('fields.assignee'), dataIndex: 'assigneeName', render: (v: string) => v || '-' },
    { key: 'phone', title: t('fields.phone'), dataIndex: 'phone' },
    { key: 'createdAt', title: t('fields.createdAt'), dataIndex: 'createdAt', sorter: true },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      fixed: 'right',
      render: (_, row) => (
        <>
          <Link to={ticketHref(row.id)}>{t('list.detail')}</Link>
          <OrderActions order={row} />
        </>
      ),
    },
  ];

  const select = (options: { value: string; label: string }[], width = 140) => (
    <FilterSelect width={width} options={options} />
  );
  return (
    <>
      <ListPage
        area="work-orders"
        resource="list"
        endpoint={workOrderEndpoints.list}
        rowKey="id"
        title={technician ? t('list.mine') : t('list.title')}
        exportName={t('list.exportName')}
        filters={[
          {
            name: 'keyword',
            label: t('fields.number'),
            input: <Input allowClear maxLength={40} placeholder={t('list.keyword')} />,
          },
          { name: 'status', label: t('fields.status'), input: select(codeOptions(label, WORK_ORDER_STATUS)) },
          { name: 'type', label: t('fields.type'), input: select(codeOptions(label, WORK_ORDER_TYPE)) },
          {
            name: 'level',
            label: t('fields.level'),
            input: select(
              [1, 2, 3, 4, 5].map((level) => ({ value: String(level), label: t('fields.levelValue', { level }) })),
              100,
            ),
          },
          { name: 'source', label: t('fields.source'), input: select(codeOptions(label, WORK_ORDER_SOURCE)) },
          ...(keeper
            ? [
                {
                  name: 'assigneeId',
                  label: t('fields.assignee'),
                  input: select(
                    (technicians.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
                    160,
                  ),
                },
              ]
            : []),
          { name: 'serialNumber', label: t('fields.serialNumber'), input: <Input allowClear maxLength={40} /> },
          { name: 'deviceKind', label: t('fields.deviceKind'), input: select(codeOptions(label, MACHINE_KIND), 160) },
          { name: 'from', label: t('fields.from'), input: <DayField /> },
          { name: 'to', label: t('fields.to'), input: <DayField /> },
        ]}
        columns={columns}
        selectable={(row) => row.actions.includes('assign')}
        batchActions={
          keeper
            ? (rows, clear) => (
                <ActionDialog
                  action="assign"
                  ids={rows.map((r) => r.id)}
                  onDone={clear}
                  trigger={<Button disabled={rows.length === 0}>{t('list.batchAssign')}</Button>}
                />
              )
            : undefined
        }
        toolbar={
          keeper && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('list.new')}
            </Button>
          )
        }
      />
      {keeper && <WorkOrderDialog open={creating} onClose={() => setCreating(false)} />}
      {keeper && fromAlarm > 0 && <AlarmWorkOrderDialog alarmId={fromAlarm} onClose={closeAlarmDialog} />}
    </>
  );
}
