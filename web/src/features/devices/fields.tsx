import { Space, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { DEVICE_CONDITION, DEVICE_STATUS, POSITIONING, SIGNAL } from '@console/contract/codes/device-status';
import { RENEWAL_WINDOW } from '@console/contract/codes/finance';
import { LOCK_LEVEL } from '@console/contract/codes/lock';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { SIM_CARRIER } from '@console/contract/codes/sim-cards';
import { LEASE_STATUS, STOCK_STATUS } from '@console/contract/codes/stock';
import type { DeviceModel } from '@console/contract/http/device-models';
import type { DeviceRow } from '@console/contract/http/devices';
import type { SimCard } from '@console/contract/http/sim-cards';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { deviceScreens } from '@console/contract/screens/devices';
import { fenceScreens } from '@console/contract/screens/fences';
import { href } from '@console/contract/screens/screen';
import { defineFields, type FieldSpecs } from '../../components/fields.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { UploadField } from '../../components/upload-field.tsx';
import { nameInLanguage } from '@console/contract/formats/names';
import { currentLang } from '../../lib/i18n.ts';
import { DayField } from './components/day-field.tsx';
import { DevicePicker } from './components/device-picker.tsx';
import { ModelImage } from './components/model-image.tsx';

const detail = (row: { id: number }) => href(deviceDetailScreens.detail, { id: row.id });

/** A day with the renewal window it falls in (a machine's or a SIM card's service expiry). */
const expiry = (row: { serviceExpiresAt: string; renewal: number | null }) => (
  <Space size={4}>
    {row.serviceExpiresAt || '-'}
    {row.renewal !== null && <StatusBadge table={RENEWAL_WINDOW} value={row.renewal} />}
  </Space>
);

/** The fields every list of machines shares (the device list, the overview by kind). */
export const machineFields = {
  serialNumber: { label: 'fields.serialNumber', sortable: true, href: detail, filter: { maxLength: 40 } },
  hostName: { label: 'fields.hostName', sortable: true, href: detail, form: true },
  status: {
    label: 'fields.status',
    kind: 'code',
    table: DEVICE_STATUS,
    sortable: true,
    filter: { width: 130 },
    // What a status filter may have matched beside the one code shown (an offline machine's alarm).
    cell: (row) => (
      <Space size={4} wrap>
        <StatusBadge table={DEVICE_STATUS} value={row.status} />
        {row.alarmOpen && row.status !== 8 && <StatusBadge table={DEVICE_STATUS} value={8} />}
      </Space>
    ),
  },
  customerName: { label: 'fields.customer' },
  location: { label: 'fields.location', ellipsis: true, width: 180, form: true },
  lastReportAt: { label: 'fields.lastReportAt', kind: 'moment', sortable: true },
} satisfies FieldSpecs<Pick<DeviceRow, 'id' | 'status' | 'alarmOpen'>>;

/** A machine of the device list (labels in the `devices` catalog). */
export const useDeviceFields = defineFields<DeviceRow>()('devices', {
  ...machineFields,
  status: {
    ...machineFields.status,
    // A machine with many states (offline, alarm, unplugged, fault, to be renewed) wraps its tags onto a second line
    // instead of widening the column and pushing signal, location and last report out of sight at 1440 px.
    width: 260,
    cell: (row, { t }) => (
      <Space size={4} wrap>
        {machineFields.status.cell(row)}
        {row.lockLevel > 0 && row.status !== 4 && <StatusBadge table={LOCK_LEVEL} value={row.lockLevel} />}
        {row.sleeping && <Tag>{t('list.sleeping')}</Tag>}
        {row.conditions.map((condition) => (
          <StatusBadge key={condition} table={DEVICE_CONDITION} value={condition} />
        ))}
      </Space>
    ),
  },
  hostSerial: { label: 'fields.hostSerial', filter: { maxLength: 40 }, form: true },
  hostType: { label: 'fields.hostType', form: true },
  name: { label: 'fields.name', filter: { maxLength: 60 } },
  signal: { label: 'fields.signal', kind: 'code', table: SIGNAL, filter: { width: 120 } },
  deviceName: { label: 'fields.deviceName', form: true },
  modelName: { label: 'fields.model' },
  modelId: { label: 'fields.model', filter: { width: 220 } },
  kind: { label: 'fields.kind', kind: 'code', table: MACHINE_KIND, sortable: true, filter: true },
  brand: { label: 'fields.brand', filter: true, form: true },
  leaseStatus: { label: 'fields.leaseStatus', kind: 'code', table: LEASE_STATUS, filter: { width: 120 } },
  inventoryState: {
    label: 'fields.inventoryState',
    kind: 'code',
    table: STOCK_STATUS,
    filter: { width: 120 },
    form: { radio: true },
  },
  customerId: { label: 'fields.customer', filter: { width: 220 } },
  distributorName: { label: 'fields.distributor' },
  distributorId: { label: 'fields.distributor', filter: { width: 220 } },
  fenceId: { label: 'fields.fence', filter: { width: 220 } },
  fenceName: {
    label: 'fields.fence',
    href: (row) => (row.fenceId === null ? null : href(fenceScreens.editor, { id: row.fenceId })),
  },
  expiry: { label: 'fields.expiry', kind: 'code', table: RENEWAL_WINDOW, filter: { width: 190 } },
  serviceExpiresAt: {
    label: 'fields.serviceExpiresAt',
    kind: 'day',
    sortable: true,
    cell: expiry,
    form: { input: () => <DayField /> },
  },
  workingHours: { label: 'fields.workingHours', kind: 'number', sortable: true, defaultHidden: true },
  ownerName: { label: 'fields.owner', defaultHidden: true },
  /** The sub-lessor a machine is rented in from (decision 042); empty for the fleet's own. */
  rentedFrom: { label: 'fields.rentedFrom' },
  machineNumber: { label: 'fields.machineNumber', defaultHidden: true, form: true },
  gpsSerial: { label: 'fields.gpsSerial', defaultHidden: true, form: true },
  positioning: {
    label: 'fields.positioning',
    kind: 'code',
    table: POSITIONING,
    defaultHidden: true,
    form: { radio: true },
  },
  licensePlate: { label: 'fields.licensePlate', defaultHidden: true, form: true },
  engineNumber: { label: 'fields.engineNumber', defaultHidden: true, form: true },
  frameNumber: { label: 'fields.frameNumber', defaultHidden: true, form: true },
  installedAt: {
    label: 'fields.installedAt',
    kind: 'day',
    sortable: true,
    defaultHidden: true,
    form: { input: () => <DayField /> },
  },
});

/** A SIM card of a machine's telematics unit; the form's rules are simCardEndpoints'. */
export const useSimCardFields = defineFields<SimCard>()('devices', {
  iccid: { label: 'sims.iccid', filter: { maxLength: 20 }, form: true },
  imei: { label: 'sims.imei', filter: { maxLength: 15 }, form: { inputMode: 'numeric' } },
  carrier: { label: 'sims.carrier', kind: 'code', table: SIM_CARRIER, filter: true, form: true },
  serviceExpiresAt: {
    label: 'sims.serviceExpiresAt',
    kind: 'day',
    sortable: true,
    cell: expiry,
    form: { input: () => <DayField /> },
  },
  expiry: { label: 'fields.expiry', kind: 'code', table: RENEWAL_WINDOW, filter: { width: 190 } },
  serialNumber: {
    label: 'sims.device',
    href: (row) => (row.deviceId ? detail({ id: row.deviceId }) : null),
    filter: { maxLength: 40 },
  },
  ownerName: { label: 'sims.owner', defaultHidden: true },
  deviceId: {
    label: 'sims.device',
    form: {
      input: (_, card) => (
        <DevicePicker current={card?.deviceId ? { id: card.deviceId, serialNumber: card.serialNumber } : null} />
      ),
    },
  },
});

/** A device type (model); name, category and image are required (spec section 5). */
export const useModelFields = defineFields<DeviceModel>()('devices', {
  image: {
    label: 'models.image',
    noExport: true,
    cell: (row) => <ModelImage url={row.image} alt={row.name} />,
    // The picture is a public upload: every company using the model shows it.
    form: { input: () => <UploadField kind="image" isPublic /> },
  },
  // Shown in the console's language when the model keeps a name in it (decision 064); the filter matches all three.
  name: {
    label: 'models.name',
    sortable: true,
    filter: { maxLength: 60 },
    form: true,
    value: (row) => nameInLanguage(row, currentLang() === 'en' ? 'en' : 'zh'),
  },
  nameZh: { label: 'models.nameZh', form: true },
  nameEn: { label: 'models.nameEn', form: true },
  category: {
    label: 'models.category',
    kind: 'code',
    table: MACHINE_KIND,
    sortable: true,
    filter: { width: 180 },
    form: true,
  },
  brand: { label: 'models.brand', form: true },
  // The machines behind the number, in the device list.
  deviceCount: {
    label: 'models.deviceCount',
    kind: 'number',
    cell: (row) => <Link to={href(deviceScreens.list, { modelId: row.id })}>{row.deviceCount}</Link>,
  },
  shared: {
    label: 'models.shared',
    exportValue: (row, { t }) => (row.shared ? t('models.shared') : t('models.own')),
    cell: (row, { t }) =>
      row.shared ? (
        <Tooltip title={t('models.sharedHint')}>
          <Tag color="blue">{t('models.shared')}</Tag>
        </Tooltip>
      ) : (
        <Tag>{t('models.own')}</Tag>
      ),
  },
  createdAt: { label: 'models.createdAt', kind: 'moment', sortable: true },
});
