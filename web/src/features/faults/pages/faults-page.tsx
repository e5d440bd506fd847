import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { faultEndpoints, type FaultRow } from '@console/contract/http/faults';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { RaiseWorkOrderButton } from '../../../components/work-order-link.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { FAULT_READS, useIsFaultWriter } from '../api/faults.ts';
import { useFaultFields } from '../fields.tsx';
import { CreateFaultDialog, EditFaultDialog, RepairFaultDialog } from '../components/fault-dialogs.tsx';
import { faultScreens } from '@console/contract/screens/faults';

/**
 * /warning/fault: fault records of the machines in scope. Opened with `?alarmId=` (from a fault alarm) it offers
 * the record of that alarm at once.
 */
export function FaultsPage() {
  const { t } = useTranslation(['faults', 'common']);
  const writer = useIsFaultWriter();
  const { query, update } = useScreenQuery(faultScreens.list);
  const alarmId = query.alarmId || undefined;
  const closeAlarm = () => update({ alarmId: null });
  const raise = useEndpointMutation(faultEndpoints.raiseWorkOrder, { invalidates: FAULT_READS });

  const fields = useFaultFields();
  const columns: ListColumn<FaultRow>[] = [
    ...fields.columns([
      'id',
      'serialNumber',
      'machineKind',
      'faultTypes',
      'cause',
      'parts',
      'repairMethod',
      'occurredAt',
      'repairedAt',
      'reporterName',
      'state',
      'alarmId',
      'workOrderId',
    ]),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          {row.editable && <EditFaultDialog row={row} />}
          {row.editable && row.state === 'open' && <RepairFaultDialog row={row} />}
          {row.raisable && (
            <RaiseWorkOrderButton
              type="link"
              raise={() => raise.mutateAsync({ body: { id: row.id } })}
              confirm={t('raiseConfirm', { id: row.id })}
              done={(id) => t('raised', { id })}
            >
              {t('raise')}
            </RaiseWorkOrderButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage
        area="faults"
        resource="list"
        endpoint={faultEndpoints.list}
        rowKey="id"
        title={t('title')}
        exportName={t('exportName')}
        toolbar={writer && <CreateFaultDialog />}
        filters={fields.filters(['keyword', 'machineKind', 'faultType', 'state', 'from', 'to'])}
        columns={columns}
      />
      {writer && alarmId && <CreateFaultDialog alarmId={alarmId} open onClose={closeAlarm} />}
    </>
  );
}
