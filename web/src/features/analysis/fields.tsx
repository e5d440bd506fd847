import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import type { AttendanceRow, ConstructionRow } from '@console/contract/http/analysis';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';

/** The machine's link: the drill-down of every analysis table to the device detail. */
const toMachine = (row: { deviceId: number }) => href(deviceDetailScreens.detail, { id: row.deviceId });

/** A row of the attendance table (labels in the `analysis` catalog). */
export const useAttendanceFields = defineFields<AttendanceRow>()('analysis', {
  serialNumber: { label: 'fields.serialNumber', sortable: true, href: toMachine },
  deviceName: { label: 'fields.deviceName', ellipsis: true },
  kind: { label: 'fields.kind', kind: 'code', table: MACHINE_KIND },
  orgName: { label: 'fields.orgName', ellipsis: true },
  daysAttended: { label: 'fields.daysAttended', kind: 'number', unit: 'units.days', sortable: true },
  hoursWorked: { label: 'fields.hoursWorked', kind: 'number', unit: 'units.hours', sortable: true },
  lastWorkedOn: { label: 'fields.lastWorkedOn', kind: 'day', sortable: true },
  idleDays: { label: 'fields.idleDays', kind: 'number', unit: 'units.days', sortable: true },
  attendedDays: {
    label: 'fields.attendedDays',
    value: (row) => row.attendedDays.join(', '),
    ellipsis: true,
  },
  keyword: { label: 'fields.keyword', filter: { placeholder: 'fields.keywordPlaceholder', maxLength: 50 } },
});

/** A row of the construction table. */
export const useConstructionFields = defineFields<ConstructionRow>()('analysis', {
  serialNumber: { label: 'fields.serialNumber', sortable: true, href: toMachine },
  deviceName: { label: 'fields.deviceName', ellipsis: true },
  kind: { label: 'fields.kind', kind: 'code', table: MACHINE_KIND },
  orgName: { label: 'fields.orgName', ellipsis: true },
  daysWorked: { label: 'fields.daysWorked', kind: 'number', unit: 'units.days', sortable: true },
  hoursWorked: { label: 'fields.hoursWorked', kind: 'number', unit: 'units.hours', sortable: true },
  hoursPowered: {
    label: 'fields.hoursPowered',
    kind: 'number',
    unit: 'units.hours',
    sortable: true,
    defaultHidden: true,
  },
  distanceKm: { label: 'fields.distanceKm', kind: 'number', unit: 'units.km', sortable: true },
  volumeM3: { label: 'fields.volumeM3', kind: 'number', unit: 'units.m3', sortable: true },
  areaM2: { label: 'fields.areaM2', kind: 'number', unit: 'units.m2', sortable: true },
  lifts: { label: 'fields.lifts', kind: 'number', unit: 'units.lifts', sortable: true },
  energyKwh: { label: 'fields.energyKwh', kind: 'number', unit: 'units.kwh', sortable: true },
  cycles: { label: 'fields.cycles', kind: 'number', unit: 'units.cycles', sortable: true, defaultHidden: true },
  keyword: { label: 'fields.keyword', filter: { placeholder: 'fields.keywordPlaceholder', maxLength: 50 } },
});
