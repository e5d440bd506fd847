import {
  IDENTITY_TYPE_CODE,
  REAL_NAME_CODE,
  type RenterRow,
  type StoreRow,
} from '@console/contract/http/lease-parties';
import { InputNumber, Radio } from 'antd';
import { addressText } from '@console/contract/formats/address';
import { leasePartyScreens } from '@console/contract/screens/lease-parties';
import { href } from '@console/contract/screens/screen';
import { numericCodeOptions } from '../../components/code-label.ts';
import { defineFields } from '../../components/fields.tsx';
import { PhoneText } from '../../components/phone-text.tsx';

/** The renter list's columns (and its CSV's), in their order. */
export const RENTER_COLUMNS = [
  'name',
  'identityType',
  'idNumber',
  'realNameState',
  'contactName',
  'contactPhone',
  'address',
  'contractCount',
  'arrearsCents',
  'currency',
  'lessorName',
  'createdAt',
] as const;

/**
 * The fields of a renter (labels in the `lease-parties` catalog); the form's rules and text limits are renterForm's.
 * The form's name and number take the identity type's labels (person or company), given by the form.
 */
export const useRenterFields = defineFields<RenterRow>()('lease-parties', {
  name: {
    label: 'renters.name',
    sortable: true,
    href: (row) => href(leasePartyScreens.renterDetail, { id: row.id }),
    form: true,
  },
  identityType: {
    label: 'renters.identityType',
    kind: 'code',
    table: IDENTITY_TYPE_CODE,
    filter: { width: 140 },
    form: {
      input: ({ label }) => <Radio.Group options={numericCodeOptions(label, IDENTITY_TYPE_CODE)} optionType="button" />,
    },
  },
  idNumber: { label: 'renters.idNumber', form: true },
  realNameState: {
    label: 'renters.realNameState',
    kind: 'code',
    table: REAL_NAME_CODE,
    filter: { width: 150 },
    form: true,
  },
  contactName: { label: 'renters.contactName', form: true },
  contactPhone: {
    label: 'renters.contactPhone',
    cell: (row) => <PhoneText areaCode={row.areaCode} number={row.contactPhone} />,
  },
  address: {
    label: 'renters.address',
    ellipsis: true,
    // The list shows the whole address; the form's field is the street part (the region has its own inputs).
    value: (row) => addressText(row),
    form: true,
  },
  contractCount: { label: 'renters.contractCount', kind: 'number' },
  arrearsCents: { label: 'renters.arrears', kind: 'money', sortable: true },
  // Rows of companies of several brands share the list (the operator's): each names its currency, and the CSV keeps
  // it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  lessorName: { label: 'lessor', defaultHidden: true },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true, defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'renters.keywordPlaceholder', maxLength: 50 } },
});

/** A store's fields; its position is WGS-84 latitude and longitude (both or neither), storeInput's rules. */
export const useStoreFields = defineFields<StoreRow>()('lease-parties', {
  name: { label: 'stores.name', sortable: true, form: true },
  address: {
    label: 'stores.address',
    ellipsis: true,
    value: (row) => addressText(row),
    form: true,
  },
  lat: {
    label: 'stores.lat',
    form: { input: () => <InputNumber<number> style={{ width: '100%' }} min={-90} max={90} precision={6} /> },
  },
  lng: {
    label: 'stores.lng',
    form: { input: () => <InputNumber<number> style={{ width: '100%' }} min={-180} max={180} precision={6} /> },
  },
  position: {
    label: 'stores.position',
    value: (row) => (row.lat === null || row.lng === null ? '' : `${row.lat.toFixed(6)}, ${row.lng.toFixed(6)}`),
  },
  managerName: { label: 'stores.manager' },
  /** The form's manager: one of the lessor's people, whose list the form fetches. */
  managerId: { label: 'stores.manager', form: { name: 'managerId' } },
  phone: { label: 'stores.phone', cell: (row) => <PhoneText areaCode={row.areaCode} number={row.phone} /> },
  deviceCount: { label: 'stores.deviceCount', kind: 'number' },
  lessorName: { label: 'lessor', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'stores.keywordPlaceholder', maxLength: 50 } },
});
