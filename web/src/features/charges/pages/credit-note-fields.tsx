import type { CreditNoteRow } from '@console/contract/http/charges';
import { defineFields } from '../../../components/fields.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { recordMoneyText } from '../../../lib/money.ts';
import { RenterFilter } from '../../lease-billing/index.ts';

/** The credit notes' list columns (and its CSV's), in their order. */
export const CREDIT_NOTE_COLUMNS = [
  'number',
  'issuedOn',
  'billNumber',
  'contractNumber',
  'renterName',
  'amountCents',
  'currency',
  'reason',
  'lines',
  'createdByName',
  'createdAt',
  'lessorName',
] as const;

export const useCreditNoteFields = defineFields<CreditNoteRow>()('charges', {
  number: { label: 'credit.number', sortable: true },
  issuedOn: { label: 'credit.issuedOn', kind: 'day', sortable: true },
  billNumber: { label: 'credit.billNumber' },
  contractNumber: { label: 'credit.contractNumber', value: (row) => row.contractNumber || '' },
  renterName: { label: 'credit.renter' },
  amountCents: { label: 'credit.amount', kind: 'money', sortable: true },
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  reason: { label: 'credit.reason' },
  lines: {
    label: 'credit.lines',
    value: (row) => row.lines.map((l) => `${l.description} ${recordMoneyText(l.amountCents, row.money)}`).join('; '),
    defaultHidden: true,
  },
  createdByName: { label: 'credit.createdBy' },
  createdAt: { label: 'credit.createdAt', defaultHidden: true },
  lessorName: { label: 'credit.lessor', defaultHidden: true },
  keyword: { label: 'credit.search', filter: { placeholder: 'credit.keyword', maxLength: 50 } },
  renterId: { label: 'credit.renter', filter: { input: () => <RenterFilter /> } },
  from: { label: 'credit.from', filter: { input: () => <DayField /> } },
  to: { label: 'credit.to', filter: { input: () => <DayField /> } },
});
