import { ALARM_LEVEL } from '@console/contract/codes/alarms';
import type { RecentAlarm } from '@console/contract/http/dashboard';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';

/** The home page's recent alarms (labels in the `dashboard` catalog); the level is the alarm centre's code. */
export const useRecentAlarmFields = defineFields<RecentAlarm>()('dashboard', {
  alarmTime: { label: 'alarms.columns.time', width: 170 },
  machine: {
    label: 'alarms.columns.machine',
    value: (row) => `${row.serialNumber} · ${row.deviceName}`,
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
  },
  alarmType: { label: 'alarms.columns.type' },
  alarmInfo: { label: 'alarms.columns.info' },
  level: { label: 'alarms.columns.level', kind: 'code', table: ALARM_LEVEL },
});
