import { InputNumber, Typography } from 'antd';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { UPKEEP_DUE } from '@console/contract/codes/maintenance';
import { UPKEEP_INTERVAL } from '@console/contract/codes/service';
import type { UpkeepPlan } from '@console/contract/http/upkeep';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { DevicePicker } from '../../components/device-picker.tsx';
import { defineFields, type FieldContext } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { WorkOrderLink } from '../../components/work-order-link.tsx';

const nextDue = (row: UpkeepPlan, { t }: FieldContext) =>
  row.nextDueAt ?? t('hoursValue', { hours: row.nextDueHours ?? 0 });
const remaining = (row: UpkeepPlan, { t }: FieldContext) => {
  const count = Math.abs(row.remaining);
  if (row.nextDueAt) return t(row.remaining < 0 ? 'overdueDays' : 'remainingDays', { count });
  return t(row.remaining < 0 ? 'overdueHours' : 'remainingHours', { count });
};

/** An upkeep plan of a machine (labels in the `upkeep` catalog). */
export const useUpkeepFields = defineFields<UpkeepPlan>()('upkeep', {
  serialNumber: {
    label: 'serialNumber',
    sortable: true,
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
  },
  machineKind: { label: 'machineKind', kind: 'code', table: MACHINE_KIND, filter: { width: 170 } },
  interval: {
    label: 'interval',
    kind: 'code',
    table: UPKEEP_INTERVAL,
    filter: { width: 150 },
    form: true,
    cell: (row, { t, label }) =>
      row.interval === 'hours'
        ? `${label(UPKEEP_INTERVAL, row.interval)} (${t('hoursValue', { hours: row.intervalHours })})`
        : label(UPKEEP_INTERVAL, row.interval),
  },
  /** The machines a plan is made for, one plan each (only when creating). */
  deviceIds: { label: 'machines', form: { input: () => <DevicePicker multiple editableOnly /> } },
  /** The hours of an hours interval. */
  intervalHours: {
    label: 'intervalHours',
    form: {
      dependencies: ['interval'],
      input: () => <InputNumber min={50} max={10000} precision={0} style={{ width: '100%' }} />,
    },
  },
  lastDoneAt: {
    label: 'lastDoneAt',
    kind: 'day',
    sortable: true,
    form: { extra: 'lastDoneHint', input: () => <DayField /> },
  },
  lastDoneHours: {
    label: 'lastDoneHours',
    kind: 'number',
    defaultHidden: true,
    form: { extra: 'hoursHint', input: () => <InputNumber min={0} style={{ width: '100%' }} /> },
  },
  workingHours: { label: 'workingHours', kind: 'number' },
  nextDue: { label: 'nextDue', exportValue: nextDue, cell: nextDue },
  due: {
    label: 'due',
    kind: 'code',
    table: UPKEEP_DUE,
    exportValue: (row, ctx) => `${ctx.label(UPKEEP_DUE, row.due)} ${remaining(row, ctx)}`,
    cell: (row, ctx) => (
      <>
        <StatusBadge table={UPKEEP_DUE} value={row.due} />
        <Typography.Text type="secondary">{remaining(row, ctx)}</Typography.Text>
      </>
    ),
  },
  content: { label: 'content', form: { rows: 2, maxLength: 500 } },
  workOrderId: { label: 'workOrder', cell: (row) => <WorkOrderLink id={row.workOrderId} /> },
  keyword: { label: 'keyword', filter: { maxLength: 40 } },
});
