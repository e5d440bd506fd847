import { IDENTITY_TYPE_CODE } from '@console/contract/http/lease-parties';
import {
  LEASED_OUT_CODE,
  SUBLEASE_STATE,
  type SubleaseRow,
  type SublessorRow,
} from '@console/contract/http/lease-sublease';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { addressText } from '@console/contract/formats/address';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { href } from '@console/contract/screens/screen';
import { Radio } from 'antd';
import { numericCodeOptions } from '../../components/code-label.ts';
import { defineFields } from '../../components/fields.tsx';
import { PhoneText } from '../../components/phone-text.tsx';

/** The sub-lessor list's columns (and its CSV's), in their order. */
export const SUBLESSOR_COLUMNS = [
  'name',
  'identityType',
  'idNumber',
  'contactName',
  'contactPhone',
  'address',
  'bankName',
  'bankAccount',
  'renting',
  'costCents',
  'currency',
  'lessorName',
  'createdAt',
] as const;

/** The sub-lease list's columns (and its CSV's), in their order. */
export const SUBLEASE_COLUMNS = [
  'number',
  'sublessorName',
  'serialNumber',
  'deviceName',
  'modelName',
  'state',
  'startOn',
  'endOn',
  'returnedOn',
  'businessModel',
  'dayCents',
  'monthCents',
  'costCents',
  'currency',
  'status',
  'leasedOut',
  'lastReportAt',
  'lessorName',
  'remark',
] as const;

/** A sub-lessor's fields (labels in the `lease-sublease` catalog); the rules are sublessorForm's. */
export const useSublessorFields = defineFields<SublessorRow>()('lease-sublease', {
  name: {
    label: 'sublessors.name',
    sortable: true,
    href: (row) => href(leaseSubleaseScreens.sublessorDetail, { id: row.id }),
    form: true,
  },
  identityType: {
    label: 'sublessors.identityType',
    kind: 'code',
    table: IDENTITY_TYPE_CODE,
    filter: { width: 140 },
    form: {
      input: ({ label }) => <Radio.Group options={numericCodeOptions(label, IDENTITY_TYPE_CODE)} optionType="button" />,
    },
  },
  idNumber: { label: 'sublessors.idNumber', form: true },
  contactName: { label: 'sublessors.contactName', form: true },
  contactPhone: {
    label: 'sublessors.contactPhone',
    cell: (row) => <PhoneText areaCode={row.areaCode} number={row.contactPhone} />,
  },
  address: {
    label: 'sublessors.address',
    ellipsis: true,
    value: (row) => addressText(row),
    form: true,
  },
  bankName: { label: 'sublessors.bankName', form: true },
  bankAccountName: { label: 'sublessors.bankAccountName', form: true },
  bankAccount: { label: 'sublessors.bankAccount', form: true },
  remark: { label: 'sublessors.remark', ellipsis: true, form: true },
  renting: { label: 'sublessors.renting', kind: 'number' },
  costCents: { label: 'sublessors.cost', kind: 'money' },
  // Sub-lessors of companies of several brands share the list (the operator's): each names its currency, and the
  // CSV keeps it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  lessorName: { label: 'lessor', defaultHidden: true },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true, defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'sublessors.keywordPlaceholder', maxLength: 50 } },
});

/** A sub-lease's fields: the machine rented in, its terms, cost and state. */
export const useSubleaseFields = defineFields<SubleaseRow>()('lease-sublease', {
  number: {
    label: 'subleases.number',
    sortable: true,
    href: (row) => href(leaseSubleaseScreens.subleaseDetail, { id: row.id }),
  },
  sublessorName: { label: 'subleases.sublessor' },
  serialNumber: { label: 'subleases.serialNumber' },
  deviceName: { label: 'subleases.deviceName' },
  modelName: { label: 'subleases.model' },
  state: { label: 'subleases.state', kind: 'code', table: SUBLEASE_STATE, filter: { width: 130 } },
  startOn: { label: 'subleases.startOn', sortable: true },
  endOn: { label: 'subleases.endOn', sortable: true },
  returnedOn: { label: 'subleases.returnedOn' },
  businessModel: { label: 'subleases.businessModel', kind: 'code', table: BUSINESS_MODEL },
  dayCents: { label: 'subleases.dayPrice', kind: 'money' },
  monthCents: { label: 'subleases.monthPrice', kind: 'money' },
  costCents: { label: 'subleases.cost', kind: 'money' },
  // Each sub-lease in its lessor's currency, named beside its amounts in the list and its CSV (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  status: { label: 'subleases.status', kind: 'code', table: DEVICE_STATUS },
  leasedOut: {
    label: 'subleases.leasedOut',
    kind: 'code',
    table: LEASED_OUT_CODE,
    value: (row) => (row.leasedOut ? 1 : 0),
  },
  lastReportAt: { label: 'subleases.lastReportAt', defaultHidden: true },
  lessorName: { label: 'lessor', defaultHidden: true },
  remark: { label: 'subleases.remark', ellipsis: true, defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'subleases.keywordPlaceholder', maxLength: 50 } },
});
