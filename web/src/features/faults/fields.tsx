import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_STATE } from '@console/contract/codes/maintenance';
import { FAULT_TYPE } from '@console/contract/codes/service';
import type { FaultRow } from '@console/contract/http/faults';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { DevicePicker } from '../../components/device-picker.tsx';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { WorkOrderLink } from '../../components/work-order-link.tsx';

/** A fault record of a machine (labels in the `faults` catalog). */
export const useFaultFields = defineFields<FaultRow>()('faults', {
  id: { label: 'common:id', defaultHidden: true },
  serialNumber: { label: 'serialNumber', href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }) },
  machineKind: { label: 'machineKind', kind: 'code', table: MACHINE_KIND, filter: { width: 170 } },
  faultTypes: { label: 'faultTypes', kind: 'codes', table: FAULT_TYPE, form: true },
  faultType: { label: 'faultType', kind: 'code', table: FAULT_TYPE, filter: { width: 150 } },
  keyword: { label: 'keyword', filter: { maxLength: 40 } },
  cause: { label: 'cause', form: { rows: 3, maxLength: 2000 } },
  parts: { label: 'parts', form: { maxLength: 500 } },
  repairMethod: { label: 'repairMethod', form: { rows: 2, maxLength: 2000 } },
  occurredAt: { label: 'occurredAt', kind: 'moment', sortable: true, form: { input: () => <DayField /> } },
  repairedAt: { label: 'repairedAt', kind: 'moment', form: { input: () => <DayField /> } },
  reporterName: { label: 'reporter', form: { maxLength: 40 } },
  /** The machine a fault is recorded for by hand. */
  deviceId: { label: 'machine', form: { input: () => <DevicePicker /> } },
  state: { label: 'state', kind: 'code', table: FAULT_STATE, filter: { width: 120 } },
  alarmId: { label: 'alarm' },
  workOrderId: { label: 'workOrder', cell: (row) => <WorkOrderLink id={row.workOrderId} /> },
  from: { label: 'from', filter: { input: () => <DayField /> } },
  to: { label: 'to', filter: { input: () => <DayField /> } },
});
