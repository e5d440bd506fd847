import { Space, Tag } from 'antd';
import { ALARM_TYPE } from '@console/contract/codes/alarms';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FENCE_ALARM_TYPES, type fenceEndpoints, type FenceRow } from '@console/contract/http/fences';
import { phoneText } from '@console/contract/formats/phone';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { deviceScreens } from '@console/contract/screens/devices';
import { fenceScreens } from '@console/contract/screens/fences';
import { href } from '@console/contract/screens/screen';
import { defineFields, type FieldContext } from '../../components/fields.tsx';
import type { RowOf } from '../../components/list-page.tsx';

type FenceAlarm = RowOf<typeof fenceEndpoints.alarms>;
type BoundMachine = RowOf<typeof fenceEndpoints.devices>;

const dates = (row: FenceRow) => `${row.startDate} ~ ${row.endDate}`;
const phone = (row: FenceRow) => phoneText({ areaCode: row.areaCode, number: row.contactPhone });
const monitoring = (row: FenceRow, { t }: FieldContext) =>
  t(row.monitoring ? 'list.monitoringYes' : 'list.monitoringNo');

/** A fence's fields in the fence list (labels in the `fences` catalog). */
export const useFenceFields = defineFields<FenceRow>()('fences', {
  name: {
    label: 'fields.name',
    sortable: true,
    href: (row) => href(fenceScreens.editor, { id: row.id }),
    filter: { maxLength: 60 },
  },
  shapeType: {
    label: 'fields.shapeType',
    exportValue: (row, { t }) => t(`shapes.${row.shapeType}`),
    cell: (row, { t }) => t(`shapes.${row.shapeType}`),
  },
  // The machines themselves, in the device list filtered by this fence.
  deviceCount: {
    label: 'fields.deviceCount',
    sortable: true,
    href: (row) => href(deviceScreens.list, { fenceId: row.id }),
  },
  startDate: {
    label: 'fields.monitoringDates',
    sortable: true,
    exportValue: dates,
    cell: (row, ctx) => (
      <Space size={4} wrap>
        {dates(row)}
        <Tag color={row.monitoring ? 'green' : 'default'}>{monitoring(row, ctx)}</Tag>
      </Space>
    ),
  },
  alarmWindow: { label: 'fields.alarmWindow', value: (row) => `${row.alarmStart}-${row.alarmEnd}` },
  dailyLimitHours: {
    label: 'fields.dailyLimitHours',
    exportValue: (row) => row.dailyLimitHours ?? '',
    cell: (row, { t }) => (row.dailyLimitHours === null ? '-' : t('list.hours', { count: row.dailyLimitHours })),
  },
  contactName: { label: 'fields.contactName' },
  contact: { label: 'fields.contact', filter: { maxLength: 40 } },
  contactPhone: { label: 'fields.contactPhone', value: phone },
  location: { label: 'fields.location', filter: { maxLength: 200 } },
  monitoring: {
    label: 'fields.monitoring',
    filter: {
      width: 150,
      placeholder: 'placeholders.any',
      options: ({ t }) => [
        { value: 'yes', label: t('list.monitoringYes') },
        { value: 'no', label: t('list.monitoringNo') },
      ],
    },
  },
  ownerName: { label: 'fields.owner', defaultHidden: true },
  updatedAt: { label: 'fields.updatedAt', kind: 'moment', sortable: true, defaultHidden: true },
});

const alarmState = (row: FenceAlarm, { t }: FieldContext) =>
  t(row.handled ? 'alarms.handled' : row.endedAt ? 'alarms.ended' : 'alarms.open');

/** The enter and exit alarms a fence raised. */
export const useFenceAlarmFields = defineFields<FenceAlarm>()('fences', {
  type: {
    label: 'alarms.type',
    kind: 'code',
    table: ALARM_TYPE,
    filter: { width: 180, placeholder: 'placeholders.any', only: FENCE_ALARM_TYPES },
  },
  serialNumber: {
    label: 'machines.serialNumber',
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
  },
  startedAt: { label: 'alarms.startedAt', kind: 'moment' },
  endedAt: { label: 'alarms.endedAt', kind: 'moment' },
  state: {
    label: 'alarms.state',
    exportValue: alarmState,
    cell: (row, ctx) => <Tag color={row.endedAt || row.handled ? 'default' : 'red'}>{alarmState(row, ctx)}</Tag>,
  },
});

const side = (inside: boolean | null, { t }: FieldContext) =>
  t(inside === null ? 'machines.unknown' : inside ? 'machines.inside' : 'machines.outside');

/** The machines bound to a fence, with the side of the fence they are on. */
export const useBoundMachineFields = defineFields<BoundMachine>()('fences', {
  serialNumber: {
    label: 'machines.serialNumber',
    href: (row) => href(deviceDetailScreens.detail, { id: row.id }),
    filter: { maxLength: 40 },
  },
  deviceName: { label: 'machines.deviceName' },
  kind: { label: 'machines.kind', kind: 'code', table: MACHINE_KIND },
  status: { label: 'machines.status', kind: 'code', table: DEVICE_STATUS },
  inside: {
    label: 'machines.position',
    exportValue: (row, ctx) => side(row.inside, ctx),
    cell: (row, ctx) => (
      <Tag color={row.inside === null ? 'default' : row.inside ? 'green' : 'orange'}>{side(row.inside, ctx)}</Tag>
    ),
  },
  location: { label: 'machines.location', defaultHidden: true },
  lastReportAt: { label: 'machines.lastReportAt', kind: 'moment' },
});
