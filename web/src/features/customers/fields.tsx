import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomerMachine, CustomerRow, DistributorRow } from '@console/contract/http/customers';
import { REGIONS } from '@console/contract/codes/region-list';
import { addressText } from '@console/contract/formats/address';
import { customerScreens } from '@console/contract/screens/customers';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { PhoneText } from '../../components/phone-text.tsx';
import { useFormOptions } from './api.ts';

const contactPhone = (row: { areaCode: string; contactPhone: string }) => (
  <PhoneText areaCode={row.areaCode} number={row.contactPhone} />
);

/** The distributor filter: one of the distributors, or customers without one (the operator's list). */
function DistributorFilter(props: { value?: string; onChange?: (v: string | undefined) => void }) {
  const { t } = useTranslation('customers');
  const options = useFormOptions(true).data?.distributors ?? [];
  return (
    <Select
      {...props}
      allowClear
      style={{ width: 200 }}
      placeholder={t('customers.distributor')}
      options={[
        { value: 'none', label: t('customers.noDistributor') },
        ...options.map((d) => ({ value: String(d.id), label: d.name })),
      ]}
    />
  );
}

/** A customer's fields (labels in the `customers` catalog); the form's rules are customerForm's. */
export const useCustomerFields = defineFields<CustomerRow>()('customers', {
  name: {
    label: 'customers.name',
    sortable: true,
    href: (row) => href(customerScreens.customer, { id: row.id }),
    form: true,
  },
  contactName: { label: 'contactName', form: true },
  contactPhone: { label: 'contactPhone', cell: contactPhone },
  address: { label: 'address', ellipsis: true, value: (row) => addressText(row), form: true },
  lessorName: { label: 'customers.lessor' },
  distributorName: {
    label: 'customers.distributor',
    href: (row) => (row.distributorId ? href(customerScreens.distributor, { id: row.distributorId }) : null),
  },
  deviceCount: { label: 'customers.deviceCount', kind: 'number' },
  attendanceCount: { label: 'customers.attendanceCount', kind: 'number' },
  verifiedUserCount: { label: 'customers.verifiedUserCount', kind: 'number' },
  esignCount: { label: 'customers.esignCount', kind: 'number' },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true, defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'customers.keywordPlaceholder', maxLength: 50 } },
  province: {
    label: 'province',
    filter: {
      width: 150,
      options: ({ t }) => REGIONS.map((r) => ({ value: r.name, label: t('regionLabel', { zh: r.name, en: r.en }) })),
    },
  },
  distributor: {
    label: 'customers.distributor',
    filter: { input: () => <DistributorFilter /> },
  },
});

/** A distributor's fields. */
export const useDistributorFields = defineFields<DistributorRow>()('customers', {
  name: {
    label: 'distributors.name',
    sortable: true,
    href: (row) => href(customerScreens.distributor, { id: row.id }),
    form: true,
  },
  contactName: { label: 'contactName', form: true },
  contactPhone: { label: 'contactPhone', cell: contactPhone },
  address: { label: 'address', ellipsis: true, value: (row) => addressText(row), form: true },
  customerCount: { label: 'distributors.customerCount', kind: 'number', sortable: true },
  deviceCount: { label: 'distributors.deviceCount', kind: 'number', sortable: true },
  createdAt: { label: 'createdAt', kind: 'moment', sortable: true, defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'distributors.keywordPlaceholder', maxLength: 50 } },
});

/** A machine of a customer or a distributor. */
export const useMachineFields = defineFields<CustomerMachine & { customerName?: string }>()('customers', {
  serialNumber: {
    label: 'machines.serialNumber',
    href: (row) => href(deviceDetailScreens.detail, { id: row.id }),
  },
  deviceName: { label: 'machines.name' },
  modelName: { label: 'machines.model' },
  leaseStatus: {
    label: 'machines.leaseStatus',
    value: (row, { t }) => t(`machines.${row.leaseStatus === 'leased' ? 'leased' : 'stock'}`),
  },
  customerName: { label: 'machines.customer' },
  distributorName: { label: 'customers.distributor' },
});
