import { Link } from 'react-router';
import { Space, Tag } from 'antd';
import { PAYABLE_STATE, type PayableRow } from '@console/contract/http/payables';
import { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { MonthFilter, SublessorFilter } from './components/filters.tsx';

/** The payable list's columns (and its CSV's), in their order. */
export const PAYABLE_COLUMNS = [
  'number',
  'sublessorName',
  'subleaseNumber',
  'serialNumber',
  'month',
  'fromOn',
  'toOn',
  'state',
  'amountCents',
  'paidCents',
  'outstandingCents',
  'currency',
  'dueOn',
  'issuedOn',
  'lessorName',
] as const;

export const usePayableFields = defineFields<PayableRow>()('payables', {
  number: { label: 'number' },
  sublessorName: { label: 'sublessor' },
  subleaseNumber: {
    label: 'sublease',
    exportValue: (row) => row.subleaseNumber,
    cell: (row) => (
      <Link to={href(leaseSubleaseScreens.subleaseDetail, { id: row.subleaseId })}>{row.subleaseNumber}</Link>
    ),
  },
  serialNumber: { label: 'machine' },
  month: { label: 'month', sortable: true },
  fromOn: { label: 'fromOn', kind: 'day' },
  toOn: { label: 'toOn', kind: 'day' },
  state: { label: 'stateLabel', kind: 'code', table: PAYABLE_STATE, filter: { width: 140 } },
  amountCents: { label: 'amount', kind: 'money', sortable: true },
  paidCents: { label: 'paid', kind: 'money' },
  outstandingCents: { label: 'outstanding', kind: 'money' },
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  dueOn: {
    label: 'dueOn',
    kind: 'day',
    sortable: true,
    exportValue: (row, { t }) => (row.overdue ? `${row.dueOn} (${t('overdue')})` : row.dueOn),
    cell: (row, { t }) => (
      <Space size={4}>
        {row.dueOn}
        {row.overdue && <Tag color="red">{t('overdue')}</Tag>}
      </Space>
    ),
  },
  issuedOn: { label: 'issuedOn', kind: 'day' },
  lessorName: { label: 'lessor', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 50 } },
  sublessorId: { label: 'sublessor', filter: { input: () => <SublessorFilter /> } },
  fromMonth: { label: 'fromMonth', filter: { input: () => <MonthFilter /> } },
  toMonth: { label: 'toMonth', filter: { input: () => <MonthFilter /> } },
  overdue: {
    label: 'overdueFilter',
    filter: { width: 140, options: ({ t }) => [{ value: '1', label: t('overdueOnly') }] },
  },
});
