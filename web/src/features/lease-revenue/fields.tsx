import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import type { IncomeRow } from '@console/contract/http/lease-revenue';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { RenterFilter } from '../lease-billing/index.ts';
import { StoreFilter } from './components/store-filter.tsx';

/** Income lines (docs/decisions/040-revenue-analysis.md): a machine's days on a bill, with who and where. */
export const useIncomeFields = defineFields<IncomeRow>()('lease-revenue', {
  month: { label: 'income.month', sortable: false },
  contractNumber: {
    label: 'income.contract',
    href: (row) => href(leaseContractScreens.contractDetail, { id: row.contractId }),
  },
  billNumber: { label: 'income.bill' },
  renterName: { label: 'income.renter' },
  storeName: { label: 'income.store' },
  serialNumber: {
    label: 'income.machine',
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
  },
  kind: {
    label: 'income.kind',
    kind: 'code',
    table: MACHINE_KIND,
    filter: { width: 160, placeholder: 'filters.allKinds' },
  },
  salespersonName: { label: 'income.salesperson' },
  period: { label: 'income.period', value: (row) => `${row.fromOn} ~ ${row.toOn}` },
  toOn: { label: 'income.lastDay', kind: 'day', sortable: true, defaultHidden: true },
  days: { label: 'income.days', kind: 'number', sortable: true },
  amountCents: { label: 'income.amount', kind: 'money', sortable: true },
  receivedCents: { label: 'income.received', kind: 'money' },
  hoursWorked: { label: 'income.hoursWorked', kind: 'number' },
  issuedOn: { label: 'income.issuedOn', kind: 'day', defaultHidden: true },
  keyword: { label: 'income.keyword', filter: { placeholder: 'income.keywordPlaceholder', maxLength: 50 } },
  from: { label: 'income.from', filter: { input: () => <DayField /> } },
  to: { label: 'income.to', filter: { input: () => <DayField /> } },
  storeId: { label: 'income.store', filter: { input: () => <StoreFilter /> } },
  renterId: { label: 'income.renter', filter: { input: () => <RenterFilter /> } },
});

/** The income detail's columns, in their order (the CSV has the same). */
export const INCOME_COLUMNS = [
  'month',
  'contractNumber',
  'billNumber',
  'renterName',
  'storeName',
  'serialNumber',
  'kind',
  'salespersonName',
  'period',
  'toOn',
  'days',
  'amountCents',
  'receivedCents',
  'hoursWorked',
  'issuedOn',
] as const;
