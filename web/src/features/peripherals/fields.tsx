import { InputNumber, Select } from 'antd';
import { POSITIONING } from '@console/contract/codes/device-status';
import { LEASE_STATUS } from '@console/contract/codes/stock';
import type { AssetHost } from '@console/contract/http/accessories';
import type { Controller, GpsGateway } from '@console/contract/http/peripherals';
import { INSTALLATION_TYPES, POWER_SOURCES, type VirtualHost } from '@console/contract/http/virtual-hosts';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { DevicePicker } from '../../components/device-picker.tsx';
import { defineFields, type FieldContext, type FieldSpecs } from '../../components/fields.tsx';
import { recordAmountText } from '../../lib/money.ts';
import { DayField } from '../../components/picker-fields.tsx';
import { SimCardPicker } from './components/sim-card-picker.tsx';

interface Bound {
  deviceId: number | null;
  deviceSerial: string;
  simCardId: number | null;
  iccid: string;
  simImei: string;
}

/** What every bound peripheral shows and edits: its host (a link to the machine), SIM card, install day, owner. */
const bindingFields = {
  deviceSerial: {
    label: 'common.device',
    href: (row) => (row.deviceId ? href(deviceDetailScreens.detail, { id: row.deviceId }) : null),
    filter: { maxLength: 40 },
  },
  deviceId: {
    label: 'common.device',
    form: {
      input: ({ t }, row) => (
        <DevicePicker
          editableOnly
          placeholder={t('common.devicePlaceholder')}
          current={row?.deviceId ? { id: row.deviceId, serialNumber: row.deviceSerial } : null}
        />
      ),
    },
  },
  simCardId: {
    label: 'common.simCard',
    form: {
      input: (_, row) => (
        <SimCardPicker current={row?.simCardId ? { id: row.simCardId, iccid: row.iccid, imei: row.simImei } : null} />
      ),
    },
  },
  iccid: { label: 'common.iccid' },
  simImei: { label: 'common.simImei' },
  installedAt: { label: 'common.installedAt', kind: 'day', sortable: true, form: { input: () => <DayField /> } },
  ownerName: { label: 'common.owner', defaultHidden: true },
} satisfies FieldSpecs<Bound>;

export const BINDING_COLUMNS = ['deviceSerial', 'iccid', 'simImei', 'installedAt', 'ownerName'] as const;
export const BINDING_FORM = ['deviceId', 'simCardId', 'installedAt'] as const;

/** A controller unit (labels in the `peripherals` catalog); the form's rules are controllerEndpoints'. */
export const useControllerFields = defineFields<Controller>()('peripherals', {
  serialNumber: { label: 'controllers.serialNumber', filter: { maxLength: 40 }, form: true },
  model: { label: 'controllers.model', filter: { maxLength: 40 }, form: true },
  firmwareVersion: { label: 'controllers.firmwareVersion', form: true },
  ...bindingFields,
  remark: { label: 'controllers.remark', kind: 'long', defaultHidden: true, form: { rows: 2 } },
});

/** A vehicle GPS gateway; the form's rules are gpsGatewayEndpoints'. */
export const useGpsGatewayFields = defineFields<GpsGateway>()('peripherals', {
  imei: { label: 'gpsGateways.imei', filter: { maxLength: 15 }, form: { inputMode: 'numeric' } },
  plate: { label: 'gpsGateways.plate', filter: { maxLength: 16 }, form: true },
  positioning: {
    label: 'gpsGateways.positioning',
    kind: 'code',
    table: POSITIONING,
    filter: { width: 150 },
    form: true,
  },
  ...bindingFields,
});

/** A machine kept on the books without a telematics unit. */
/** The installation types and power sources as choices, in the user's language (the filter's and the form's). */
const typeOptions = ({ t }: FieldContext) =>
  INSTALLATION_TYPES.map((value) => ({ value, label: t(`virtualHosts.types.${value}`) }));
const powerOptions = ({ t }: FieldContext) =>
  POWER_SOURCES.map((value) => ({ value, label: t(`virtualHosts.power.${value}`) }));
/** A height in metres, to a tenth. */
const metres = () => <InputNumber min={0} max={100} step={0.1} precision={1} style={{ width: '100%' }} />;

/** A virtual host (spec section 3); lease status travels as a number. */
export const useVirtualHostFields = defineFields<VirtualHost>()('peripherals', {
  hostNumber: { label: 'virtualHosts.hostNumber', sortable: true, filter: { maxLength: 40 }, form: { maxLength: 40 } },
  installationType: {
    label: 'virtualHosts.installationType',
    value: (row, { t }) => t(`virtualHosts.types.${row.installationType}`),
    filter: { width: 150, options: typeOptions },
    form: { input: (ctx) => <Select options={typeOptions(ctx)} /> },
  },
  brand: { label: 'virtualHosts.brand', filter: { maxLength: 40 }, form: { maxLength: 40 } },
  platformHeight: { label: 'virtualHosts.platformHeight', kind: 'number', sortable: true, form: { input: metres } },
  powerSource: {
    label: 'virtualHosts.powerSource',
    value: (row, { t }) => t(`virtualHosts.power.${row.powerSource}`),
    filter: { width: 150, options: powerOptions },
    form: { input: (ctx) => <Select options={powerOptions(ctx)} /> },
  },
  equipmentHeight: { label: 'virtualHosts.equipmentHeight', kind: 'number', sortable: true, form: { input: metres } },
  // A host under lease needs its customer: checked again when the lease status changes.
  customerName: {
    label: 'virtualHosts.customerName',
    filter: { maxLength: 60 },
    form: { maxLength: 60, dependencies: ['leaseStatus'] },
  },
  leaseStatus: {
    label: 'virtualHosts.leaseStatus',
    kind: 'code',
    table: LEASE_STATUS,
    filter: { width: 150 },
    form: { numeric: true },
  },
  ownerName: { label: 'common.owner', defaultHidden: true },
  createdAt: { label: 'virtualHosts.createdAt', kind: 'moment', sortable: true, defaultHidden: true },
});

/** The accessories page's columns (and its CSV's), in their order. */
export const ASSET_HOST_COLUMNS = [
  'serialNumber',
  'hostName',
  'originalValueCents',
  'salvage',
  'purchasedAt',
  'attachments',
  'accessoryCount',
  'accessoryValueCents',
  'currency',
  'ownerName',
] as const;

/** A host's purchase info and accessories. */
export const useAssetHostFields = defineFields<AssetHost>()('peripherals', {
  serialNumber: {
    label: 'accessories.serialNumber',
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
    filter: { maxLength: 40 },
  },
  hostName: { label: 'accessories.hostName' },
  // A host's values are in its owner's currency (decision 064), named beside them in the list and its CSV.
  originalValueCents: {
    label: 'accessories.originalValue',
    kind: 'money',
    sortable: true,
    value: (row) => row.purchase?.originalValueCents,
    cell: (row) => (row.purchase ? recordAmountText(row.purchase.originalValueCents, row.money) : '-'),
  },
  salvage: {
    label: 'accessories.salvageValue',
    kind: 'money',
    value: (row) => row.purchase?.salvageValueCents,
    cell: (row) =>
      row.purchase
        ? `${recordAmountText(row.purchase.salvageValueCents, row.money)}${row.purchase.salvageRate === null ? '' : ` (${row.purchase.salvageRate}%)`}`
        : '-',
  },
  purchasedAt: {
    label: 'accessories.purchasedAt',
    kind: 'day',
    sortable: true,
    value: (row) => row.purchase?.purchasedAt,
  },
  attachments: {
    label: 'accessories.attachments',
    kind: 'number',
    value: (row) => (row.purchase ? row.purchase.photos.length + row.purchase.documents.length : 0),
  },
  accessoryCount: { label: 'accessories.accessoryCount', kind: 'number' },
  accessoryValueCents: {
    label: 'accessories.accessoryValue',
    kind: 'money',
    cell: (row) => recordAmountText(row.accessoryValueCents, row.money),
  },
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  ownerName: { label: 'common.owner', defaultHidden: true },
  recorded: {
    label: 'accessories.recorded',
    filter: {
      width: 150,
      options: ({ t }) => [
        { value: '1', label: t('accessories.recordedYes') },
        { value: '0', label: t('accessories.recordedNo') },
      ],
    },
  },
});
