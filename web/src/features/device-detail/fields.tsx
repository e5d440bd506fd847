import { Flex, Input, Tag, Typography } from 'antd';
import { ALARM_LEVEL } from '@console/contract/codes/alarms';
import {
  DEVICE_LOG_EVENT,
  EXPENSE_TYPE,
  FAULT_CODE,
  OFFLINE_REASON,
  OPERATION_CATEGORY,
} from '@console/contract/codes/device-records';
import { DEVICE_FILE_CATEGORY } from '@console/contract/codes/device-records';
import { LOCK_LEVEL, LOCK_MODE } from '@console/contract/codes/lock';
import type { CommandItem } from '@console/contract/http/commands';
import type { DeviceAlarm, DeviceDetail } from '@console/contract/http/device-detail';
import type {
  DeviceFileItem,
  DeviceLogItem,
  ExpenseItem,
  OperationLogItem,
} from '@console/contract/http/device-records';
import { LOCK_LEVELS, LOCK_MODES } from '@console/contract/mqtt/payloads';
import type { CodeLabel } from '../../components/code-label.ts';
import { defineFields } from '../../components/fields.tsx';
import { recordAmountText } from '../../lib/money.ts';
import { DayField } from '../../components/picker-fields.tsx';
import { DevicePicker } from '../../components/device-picker.tsx';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { YuanInput } from '../../components/yuan-input.tsx';
import { CommandStateTag } from './components/command-state.tsx';

/**
 * The detail of a log entry in words: an offline's reason, a fault's code with its meaning ("E21 · Tilt sensor
 * fault"); a code the tables do not know is shown as it came.
 */
export function logDetail(label: CodeLabel, item: Pick<DeviceLogItem, 'event' | 'detail'>): string {
  if (!item.detail) return '';
  if (item.event === 'offline') return label(OFFLINE_REASON, item.detail);
  if (item.event === 'fault') {
    return item.detail
      .split(/[,\s]+/)
      .filter(Boolean)
      .map((code) => (FAULT_CODE.get(code) ? `${code} · ${label(FAULT_CODE, code)}` : code))
      .join('; ');
  }
  return item.detail;
}

/** The device log tab: what the machine did and reported (labels in the `device-detail` catalog). */
export const useDeviceLogFields = defineFields<DeviceLogItem>()('device-detail', {
  at: { label: 'records.time', width: 180 },
  event: { label: 'records.log.event', kind: 'code', table: DEVICE_LOG_EVENT },
  detail: { label: 'records.detail', value: (row, { label }) => logDetail(label, row) },
});

/** The operation log tab: what people did to the machine. */
export const useOperationLogFields = defineFields<OperationLogItem>()('device-detail', {
  at: { label: 'records.time', width: 180 },
  category: { label: 'records.ops.category', kind: 'code', table: OPERATION_CATEGORY },
  action: {
    label: 'records.ops.action',
    // An action of another area that has no label yet shows as it is logged rather than as a raw key.
    value: (row, { t, label }) =>
      [
        t(`records.ops.actions.${row.action}`, { defaultValue: row.action }),
        row.commandType ? t(`records.ops.commandTypes.${row.commandType}`, { defaultValue: row.commandType }) : '',
        row.lockLevel ? label(LOCK_LEVEL, row.lockLevel) : '',
      ]
        .filter(Boolean)
        .join(' · '),
  },
  user: { label: 'records.ops.user', value: (row, { t }) => row.userName || t('records.ops.byMachine') },
  detail: { label: 'records.detail' },
});

/** The alarms tab: the machine's alarms, open and ended. */
export const useDeviceAlarmFields = defineFields<DeviceAlarm>()('device-detail', {
  typeLabel: { label: 'alarms.type' },
  info: { label: 'alarms.info' },
  level: { label: 'alarms.level', kind: 'code', table: ALARM_LEVEL },
  state: {
    label: 'alarms.state',
    value: (row, { t }) => t(row.endedAt ? 'alarms.ended' : 'alarms.open'),
    cell: (row, { t }) => (row.endedAt ? <Tag>{t('alarms.ended')}</Tag> : <Tag color="red">{t('alarms.open')}</Tag>),
  },
  startedAt: { label: 'alarms.startedAt' },
  endedAt: { label: 'alarms.endedAt' },
  handledAt: { label: 'alarms.handledAt' },
});

/**
 * The expense ledger's columns (and its CSV's), in their order: the owners of several brands share it (the
 * operator's), so each row names its currency beside its plain amount.
 */
export const EXPENSE_LEDGER_COLUMNS = [
  'date',
  'serialNumber',
  'hostName',
  'ownerName',
  'type',
  'amountCents',
  'currency',
  'remark',
  'createdBy',
] as const;

/**
 * The expenses tab and the fleet's expense ledger (the same records); the CSV holds plain amounts, so a
 * spreadsheet can add them up.
 */
export const useExpenseFields = defineFields<ExpenseItem>()('device-detail', {
  deviceId: {
    label: 'records.expenses.host',
    value: (row) => row.serialNumber,
    form: { input: ({ t }) => <DevicePicker editableOnly placeholder={t('records.expenses.pickHost')} /> },
  },
  serialNumber: {
    label: 'records.expenses.host',
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId, tab: 'expenses' }),
  },
  hostName: { label: 'records.expenses.hostName' },
  ownerName: { label: 'records.expenses.owner' },
  date: {
    label: 'records.expenses.date',
    form: { input: ({ t }) => <DayField placeholder={t('records.expenses.pickDate')} /> },
  },
  type: { label: 'records.expenses.type', kind: 'code', table: EXPENSE_TYPE, form: true, filter: { width: 140 } },
  amountCents: {
    label: 'records.expenses.amount',
    kind: 'money',
    // The ledger lists the expenses of owners of several brands: each in its owner's currency (decision 064).
    cell: (row) => recordAmountText(row.amountCents, row.money),
    form: { input: () => <YuanInput step={100} /> },
  },
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  remark: {
    label: 'records.expenses.remark',
    form: { input: () => <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} /> },
  },
  createdBy: { label: 'records.expenses.createdBy' },
  keyword: {
    label: 'records.expenses.keyword',
    filter: { placeholder: 'records.expenses.keywordHint', maxLength: 40 },
  },
  from: { label: 'records.expenses.from', filter: { input: () => <DayField /> } },
  to: { label: 'records.expenses.to', filter: { input: () => <DayField /> } },
});

/** The sleep dialog's verification code, sent by SMS to the signed-in user's phone. */
export const useSleepFields = defineFields<{ code: string }>()('device-detail', {
  code: {
    label: 'records.sleep.code',
    form: { input: () => <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" /> },
  },
});

type LockLevel = (typeof LOCK_LEVELS)[number];
type LockMode = (typeof LOCK_MODES)[number];
// The code tables number the levels and modes in the protocol's order (LOCK_LEVEL 0-4, LOCK_MODE 1-3).
const levelCode = (level: string) => LOCK_LEVELS.indexOf(level as LockLevel);
const modeCode = (mode: string) => LOCK_MODES.indexOf(mode as LockMode) + 1;

/** The risk tab's state of the machine: its lock level and whether risk actions apply to it. */
export const useRiskStateFields = defineFields<DeviceDetail>()('device-detail', {
  lock: { label: 'risk.lockState', kind: 'code', table: LOCK_LEVEL, value: (row) => row.device.lockLevel },
  permission: {
    label: 'risk.permission',
    value: (row, { t }) => t(row.riskPermission ? 'risk.permitted' : 'risk.notPermitted'),
    cell: (row, { t }) => (
      <Flex vertical gap={4}>
        <Tag color={row.riskPermission ? 'green' : 'default'} style={{ width: 'fit-content' }}>
          {row.riskPermission ? t('risk.permitted') : t('risk.notPermitted')}
        </Tag>
        <Typography.Text type="secondary">{t('risk.permissionHelp')}</Typography.Text>
      </Flex>
    ),
  },
});

/** The risk tab's lock and unlock commands: what was asked, at which level and mode, where it stands. */
export const useLockCommandFields = defineFields<CommandItem>()('device-detail', {
  type: { label: 'command.typeTitle', value: (row, { t }) => t(`command.type.${row.type}`) },
  level: {
    label: 'risk.level',
    value: (row, { label }) => (row.level ? label(LOCK_LEVEL, levelCode(row.level)) : ''),
  },
  mode: { label: 'risk.lockMode', value: (row, { label }) => (row.mode ? label(LOCK_MODE, modeCode(row.mode)) : '') },
  state: {
    label: 'command.stateTitle',
    value: (row, { t }) => t(`command.state.${row.state}`),
    cell: (row) => (
      <Flex vertical gap={2}>
        <CommandStateTag state={row.state} />
        {row.reasonText && <Typography.Text type="secondary">{row.reasonText}</Typography.Text>}
      </Flex>
    ),
  },
  createdAt: { label: 'command.createdAt' },
  createdByName: { label: 'command.by' },
});

const kb = (size: number) => `${(size / 1024).toFixed(size < 10240 ? 1 : 0)} KB`;

/** The files tab: manuals, certificates and photos kept with the machine. */
export const useDeviceFileFields = defineFields<DeviceFileItem>()('device-detail', {
  name: { label: 'records.files.name' },
  category: { label: 'records.files.category', kind: 'code', table: DEVICE_FILE_CATEGORY },
  size: { label: 'records.files.size', value: (row) => kb(row.size) },
  uploadedBy: { label: 'records.files.uploadedBy' },
  uploadedAt: { label: 'records.files.uploadedAt' },
});
