import { Input, InputNumber, Switch, Typography } from 'antd';
import { ALARM_LEVEL, ALARM_TYPE } from '@console/contract/codes/alarms';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import type { AlarmRuleRow } from '@console/contract/http/alarm-rules';
import type { AlarmRow } from '@console/contract/http/warning';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { alarmValue } from './components/alarm-value.tsx';
import { DayFilter } from './components/day-filter.tsx';

/** Who did it and when, or nothing yet. */
const byAt = (by: string, at: string | null, separator: string) => (at ? `${by}${separator}${at}` : '');

/** An alarm's fields in the alarm centre (labels in the `warning` catalog). */
export const useAlarmFields = defineFields<AlarmRow>()('warning', {
  startedAt: { label: 'fields.startedAt', kind: 'moment', sortable: true },
  level: {
    label: 'fields.level',
    kind: 'code',
    table: ALARM_LEVEL,
    sortable: true,
    filter: { width: 120, placeholder: 'placeholders.any' },
  },
  type: {
    label: 'fields.type',
    kind: 'code',
    table: ALARM_TYPE,
    filter: { width: 190, placeholder: 'placeholders.any' },
  },
  serialNumber: {
    label: 'fields.serialNumber',
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
    filter: { maxLength: 40 },
  },
  info: { label: 'fields.info' },
  value: {
    label: 'fields.value',
    cell: (row, { t }) => alarmValue(row, t),
    exportValue: (row, { t }) => alarmValue(row, t),
  },
  deviceName: { label: 'fields.deviceName', defaultHidden: true },
  kind: { label: 'fields.kind', kind: 'code', table: MACHINE_KIND, filter: { placeholder: 'placeholders.any' } },
  projectName: { label: 'fields.project' },
  zoneName: { label: 'fields.zone', defaultHidden: true },
  ownerName: { label: 'fields.owner', defaultHidden: true },
  endedAt: { label: 'fields.endedAt', kind: 'moment', sortable: true },
  acknowledgedAt: {
    label: 'fields.acknowledged',
    exportValue: (row) => byAt(row.acknowledgedBy, row.acknowledgedAt, ' '),
    cell: (row) => byAt(row.acknowledgedBy, row.acknowledgedAt, ' · ') || '-',
  },
  handledAt: {
    label: 'fields.handled',
    exportValue: (row) => byAt(row.handledBy, row.handledAt, ' '),
    cell: (row) => byAt(row.handledBy, row.handledAt, ' · ') || '-',
  },
  remark: {
    label: 'fields.remark',
    cell: (row) => <Typography.Text ellipsis={{ tooltip: row.remark }}>{row.remark || '-'}</Typography.Text>,
    // The handle dialog's remark, for one alarm or a batch.
    form: {
      label: 'handleDialog.remark',
      input: ({ t }) => (
        <Input.TextArea rows={4} maxLength={500} showCount placeholder={t('handleDialog.remarkPlaceholder')} />
      ),
    },
  },
  handled: {
    label: 'fields.handledFilter',
    filter: {
      width: 130,
      placeholder: 'placeholders.any',
      options: ({ t }) => [
        { value: '1', label: t('handledOptions.yes') },
        { value: '0', label: t('handledOptions.no') },
      ],
    },
  },
  from: { label: 'fields.from', filter: { input: () => <DayFilter /> } },
  to: { label: 'fields.to', filter: { input: () => <DayFilter /> } },
  // Only who sees several organisations chooses among them (the page gives the choices).
  orgId: { label: 'fields.org', filter: { width: 220, placeholder: 'placeholders.any', options: () => [] } },
});

/** A threshold of the rule dialog, validated by saveRuleForm (ranges, 80 < 90 < 99). */
const threshold = (label: string, max: number, step = 1) => ({
  label,
  form: { input: () => <InputNumber min={0} max={max} step={step} precision={1} style={{ width: 200 }} /> },
});

/** An organisation's alarm thresholds for one machine kind, as the rule dialog edits them. */
export const useAlarmRuleFields = defineFields<AlarmRuleRow>()('warning', {
  load80: threshold('rules.load80', 150),
  load90: threshold('rules.load90', 150),
  load99: threshold('rules.load99', 150),
  tiltDeg: threshold('rules.tiltDeg', 45, 0.5),
  overspeedKmh: threshold('rules.overspeedKmh', 200),
  lowBatteryPct: threshold('rules.lowBatteryPct', 100),
  offline: {
    label: 'rules.offline',
    form: { label: 'rules.offlineSwitch', valuePropName: 'checked', input: () => <Switch /> },
  },
});
