import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { workOrderEndpoints, type WorkOrderRow } from '@console/contract/http/work-orders';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { technicianChoicesQuery, useIsKeeper, useIsTechnician } from '../api/work-orders.ts';
import { ActionDialog } from '../components/action-dialog.tsx';
import { AlarmWorkOrderDialog } from '../components/alarm-prefill.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { WorkOrderDialog } from '../components/work-order-dialog.tsx';
import { useWorkOrderFields } from '../fields.tsx';
import { href } from '@console/contract/screens/screen';
import { workOrderScreens } from '@console/contract/screens/work-orders';

/** /warning/ticket: the work orders in scope (a technician's: their own), filters, batch assign, export. */
export function WorkOrdersPage() {
  const { t } = useTranslation(['work-orders', 'common']);
  const keeper = useIsKeeper();
  const technician = useIsTechnician();
  const { query, update } = useScreenQuery(workOrderScreens.list);
  const fromAlarm = query.fromAlarm || 0;
  const [creating, setCreating] = useState(false);
  const technicians = useQuery({ ...technicianChoicesQuery(), enabled: keeper });

  const closeAlarmDialog = () => update({ fromAlarm: null }, { replace: true });

  const fields = useWorkOrderFields();
  const columns: ListColumn<WorkOrderRow>[] = [
    // Where the order comes from is scanned with its status (in sight at 1440 px).
    ...fields.columns(
      [
        'number',
        'title',
        'status',
        'source',
        'type',
        'level',
        'serialNumber',
        'deviceKind',
        'orgName',
        'assigneeName',
        'phone',
        'createdAt',
      ],
      { orgName: { defaultHidden: technician } },
    ),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      fixed: 'right',
      // The actions wrap rather than push the order's status and source out of sight.
      width: 260,
      render: (_, row) => (
        <>
          <Link to={href(workOrderScreens.detail, { id: row.id })}>{t('list.detail')}</Link>
          <OrderActions order={row} />
        </>
      ),
    },
  ];

  return (
    <>
      <ListPage
        area="work-orders"
        resource="list"
        endpoint={workOrderEndpoints.list}
        rowKey="id"
        title={technician ? t('list.mine') : t('list.title')}
        exportName={t('list.exportName')}
        filters={fields.filters(
          [
            'keyword',
            'status',
            'type',
            'level',
            'source',
            ...(keeper ? (['assigneeId'] as const) : []),
            'serialNumber',
            'deviceKind',
            'from',
            'to',
          ],
          {
            assigneeId: {
              options: () => (technicians.data?.list ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            },
          },
        )}
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
