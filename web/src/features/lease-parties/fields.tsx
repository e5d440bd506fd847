import {
  IDENTITY_TYPE_CODE,
  REAL_NAME_CODE,
  type RenterRow,
  type StoreRow,
} from '@console/contract/http/lease-parties';
import { leasePartyScreens } from '@console/contract/screens/lease-parties';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';

/** The fields of a renter (labels in the `lease-parties` catalog); the form's rules are renterForm's. */
export const useRenterFields = defineFields<RenterRow>()('lease-parties', {
  name: {
    label: 'renters.name',
    sortable: true,
    href: (row) => href(leasePartyScreens.renterDetail, { id: row.id }),
  },
  identityType: {
    label: 'renters.identityType',
    kind: 'code',
    table: IDENTITY_TYPE_CODE,
    filter: { width: 140 },
  },
  idNumber: { label: 'renters.idNumber' },
  realNameState: {
    label: 'renters.realNameState',
    kind: 'code',
    table: REAL_NAME_CODE,
    filter: { width: 150 },
  },
  contactName: { label: 'renters.contactName' },
  contactPhone: { label: 'renters.contactPhone' },
  address: {
    label: 'renters.address',
    ellipsis: true,
    value: (row) => [row.province, row.city, row.district, row.address].filter(Boolean).join(' '),
  },
  contractCount: { label: 'renters.contractCount', kind: 'number' },
  arrearsCents: { label: 'renters.arrears', kind: 'money', sortable: true },
  lessorName: { label: 'lessor', defaultHidden: true },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true, defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'renters.keywordPlaceholder', maxLength: 50 } },
});

export const useStoreFields = defineFields<StoreRow>()('lease-parties', {
  name: { label: 'stores.name', sortable: true },
  address: {
    label: 'stores.address',
    ellipsis: true,
    value: (row) => [row.province, row.city, row.district, row.address].filter(Boolean).join(' '),
  },
  position: {
    label: 'stores.position',
    value: (row) => (row.lat === null || row.lng === null ? '' : `${row.lat.toFixed(6)}, ${row.lng.toFixed(6)}`),
  },
  managerName: { label: 'stores.manager' },
  phone: { label: 'stores.phone' },
  deviceCount: { label: 'stores.deviceCount', kind: 'number' },
  lessorName: { label: 'lessor', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'stores.keywordPlaceholder', maxLength: 50 } },
});
