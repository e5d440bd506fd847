import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_STATE } from '@console/contract/codes/maintenance';
import { FAULT_TYPE } from '@console/contract/codes/service';
import type { FaultRow } from '@console/contract/http/faults';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { WorkOrderLink } from '../../components/work-order-link.tsx';

/** A fault record of a machine (labels in the `faults` catalog). */
export const useFaultFields = defineFields<FaultRow>()('faults', {
  id: { label: 'common:id', defaultHidden: true },
  serialNumber: { label: 'serialNumber', href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }) },
  machineKind: { label: 'machineKind', kind: 'code', table: MACHINE_KIND, filter: { width: 170 } },
  faultTypes: { label: 'faultTypes', kind: 'codes', table: FAULT_TYPE },
  faultType: { label: 'faultType', kind: 'code', table: FAULT_TYPE, filter: { width: 150 } },
  keyword: { label: 'keyword', filter: { maxLength: 40 } },
  cause: { label: 'cause' },
  parts: { label: 'parts' },
  repairMethod: { label: 'repairMethod' },
  occurredAt: { label: 'occurredAt', kind: 'moment', sortable: true },
  repairedAt: { label: 'repairedAt', kind: 'moment' },
  reporterName: { label: 'reporter' },
  state: { label: 'state', kind: 'code', table: FAULT_STATE, filter: { width: 120 } },
  alarmId: { label: 'alarm' },
  workOrderId: { label: 'workOrder', cell: (row) => <WorkOrderLink id={row.workOrderId} /> },
  from: { label: 'from', filter: { input: () => <DayField /> } },
  to: { label: 'to', filter: { input: () => <DayField /> } },
});
