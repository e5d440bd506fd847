import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_STATE } from '@console/contract/codes/maintenance';
import { FAULT_TYPE } from '@console/contract/codes/service';
import { faultEndpoints, type FaultRow } from '@console/contract/http/faults';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { RaiseWorkOrderButton, WorkOrderLink } from '../../../components/work-order-link.tsx';
import { faultsKey, raiseFaultWorkOrder, useIsFaultWriter } from '../api/faults.ts';
import { CreateFaultDialog, EditFaultDialog, RepairFaultDialog } from '../components/fault-dialogs.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/**
 * /warning/fault: fault records of the machines in scope. Opened with `?alarmId=` (from a fault alarm) it offers
 * the record of that alarm at once.
 */
export function FaultsPage() {
  const { t } = useTranslation(['faults', 'common']);
  const label = useCodeLabel();
  const writer = useIsFaultWriter();
  const [params, setParams] = useSearchParams();
  const alarmId = Number(params.get('alarmId')) || undefined;
  const closeAlarm = () => {
    const next = new URLSearchParams(params);
    next.delete('alarmId');
    setParams(next);
  };

  const columns: ListColumn<FaultRow>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', defaultHidden: true },
    {
      key: 'serialNumber',
      title: t('serialNumber'),
      dataIndex: 'serialNumber',
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
      key: 'faultTypes',
      title: t('faultTypes'),
      dataIndex: 'faultTypes',
      exportValue: (row) => row.faultTypes.map((type) => label(FAULT_TYPE, type)).join(', '),
      render: (types: string[]) => (
        <Space size={[0, 4]} wrap>
          {types.map((type) => (
            <StatusBadge key={type} table={FAULT_TYPE} value={type} />
          ))}
        </Space>
      ),
    },
    { key: 'cause', title: t('cause'), dataIndex: 'cause' },
    { key: 'parts', title: t('parts'), dataIndex: 'parts', render: (v: string) => v || '-' },
    { key: 'repairMethod', title: t('repairMethod'), dataIndex: 'repairMethod', render: (v: string) => v || '-' },
    { key: 'occurredAt', title: t('occurredAt'), dataIndex: 'occurredAt', sorter: true },
    { key: 'repairedAt', title: t('repairedAt'), dataIndex: 'repairedAt', render: (v: string | null) => v ?? '-' },
    { key: 'reporterName', title: t('reporter'), dataIndex: 'reporterName' },
    {
      key: 'state',
      title: t('state'),
      dataIndex: 'state',
      exportValue: (row) => label(FAULT_STATE, row.state),
      render: (state: string) => <StatusBadge table={FAULT_STATE} value={state} />,
    },
    { key: 'alarmId', title: t('alarm'), dataIndex: 'alarmId', render: (v: number | null) => v ?? '-' },
    {
      key: 'workOrderId',
      title: t('workOrder'),
      dataIndex: 'workOrderId',
      exportValue: (row) => row.workOrderId ?? '',
      render: (id: number | null) => <WorkOrderLink id={id} />,
    },
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
              raise={() => raiseFaultWorkOrder(row.id)}
              confirm={t('raiseConfirm', { id: row.id })}
              done={(id) => t('raised', { id })}
              refresh={faultsKey}
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
        filters={[
          { name: 'keyword', label: t('keyword'), input: <Input allowClear maxLength={40} /> },
          {
            name: 'machineKind',
            label: t('machineKind'),
            input: <FilterSelect width={170} options={codeOptions(label, MACHINE_KIND)} />,
          },
          {
            name: 'faultType',
            label: t('faultType'),
            input: <FilterSelect width={150} options={codeOptions(label, FAULT_TYPE)} />,
          },
          {
            name: 'state',
            label: t('state'),
            input: <FilterSelect width={120} options={codeOptions(label, FAULT_STATE)} />,
          },
          { name: 'from', label: t('from'), input: <DayField /> },
          { name: 'to', label: t('to'), input: <DayField /> },
        ]}
        columns={columns}
      />
      {writer && alarmId && <CreateFaultDialog alarmId={alarmId} open onClose={closeAlarm} />}
    </>
  );
}
