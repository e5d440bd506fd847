import { Link } from 'react-router';
import { QUOTE_STATE_TABLE, type QuoteRow } from '@console/contract/http/quotes';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { quoteScreens } from '@console/contract/screens/quotes';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';

/** The fields of a quote (labels in the `quotes` catalog); the form's rules are quoteInput's. */
export const useQuoteFields = defineFields<QuoteRow>()('quotes', {
  number: {
    label: 'fields.number',
    sortable: true,
    href: (row) => href(quoteScreens.quoteDetail, { id: row.id }),
  },
  state: { label: 'fields.state', kind: 'code', table: QUOTE_STATE_TABLE, filter: { width: 160 } },
  customerName: { label: 'fields.customer' },
  storeName: { label: 'fields.store' },
  salespersonName: { label: 'fields.salesperson' },
  startOn: { label: 'fields.startOn', kind: 'day', sortable: true },
  endOn: { label: 'fields.endOn', kind: 'day' },
  validUntil: { label: 'fields.validUntil', kind: 'day', sortable: true },
  machineCount: { label: 'fields.machineCount', kind: 'number' },
  totalCents: { label: 'fields.total', kind: 'money', sortable: true },
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  contractNumber: {
    label: 'fields.contract',
    value: (row) => row.contractNumber || null,
    cell: (row) =>
      row.contractId ? (
        <Link to={href(leaseContractScreens.contractDetail, { id: row.contractId })}>{row.contractNumber}</Link>
      ) : (
        '-'
      ),
  },
  createdAt: { label: 'fields.createdAt', kind: 'moment', sortable: true, defaultHidden: true },
  keyword: { label: 'fields.keyword', filter: { placeholder: 'fields.keywordPlaceholder', maxLength: 50, width: 220 } },
  startFrom: { label: 'fields.startFrom', filter: { input: () => <DayField /> } },
  startTo: { label: 'fields.startTo', filter: { input: () => <DayField /> } },
});

export const QUOTE_LIST_COLUMNS = [
  'number',
  'state',
  'customerName',
  'storeName',
  'salespersonName',
  'startOn',
  'endOn',
  'validUntil',
  'machineCount',
  'totalCents',
  'currency',
  'contractNumber',
  'createdAt',
] as const;
