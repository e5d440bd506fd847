import { Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { BILL_KIND, BILL_STATE, LEDGER_TYPE, RECEIPT_METHOD } from '@console/contract/codes/lease-billing';
import type { ArrearsRow, BillRow, LedgerRowData, ReceiptRow } from '@console/contract/http/lease-billing';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { defineFields, type FieldContext } from '../../components/fields.tsx';
import { recordAmountText } from '../../lib/money.ts';
import { DayField } from '../../components/picker-fields.tsx';
import { RenterFilter } from './components/renter-select.tsx';
import { ArrearsStep } from './components/contract-arrears.tsx';

/** The arrears step as text (the export): none, the reminder, or the lock level's name. */
function stepText(step: number, t: FieldContext['t']): string {
  if (step < 0) return t('arrears.stepNone');
  if (step === 0) return t('arrears.stepReminder');
  return t(`arrears.level${step}` as never);
}

/** A bill's or an arrears row's contract, linked; an opening balance has none and says so. */
const contractField = {
  label: 'contract',
  exportValue: (row: { contractId: number | null; contractNumber: string }, { t }: FieldContext) =>
    row.contractId === null ? t('bill.openingBalance') : row.contractNumber,
  cell: (row: { contractId: number | null; contractNumber: string }, { t }: FieldContext) =>
    row.contractId === null ? (
      t('bill.openingBalance')
    ) : (
      <Link to={href(leaseContractScreens.contractDetail, { id: row.contractId })}>{row.contractNumber}</Link>
    ),
} as const;

const dayFilters = {
  from: { label: 'from', filter: { input: () => <DayField /> } },
  to: { label: 'to', filter: { input: () => <DayField /> } },
  renterId: { label: 'renter', filter: { input: () => <RenterFilter /> } },
} as const;

/** The bill record's columns (and its CSV's), in their order. */
export const LEDGER_COLUMNS = [
  'renterName',
  'type',
  'description',
  'amountCents',
  'balanceCents',
  'currency',
  'day',
  'createdAt',
  'lessorName',
] as const;

/** The receipt history's columns (and its CSV's), in their order. */
export const RECEIPT_COLUMNS = [
  'receivedOn',
  'renterName',
  'amountCents',
  'allocatedCents',
  'currency',
  'method',
  'reference',
  'allocations',
  'voided',
  'voidReason',
  'note',
  'createdByName',
  'createdAt',
  'voidedAt',
  'voidedByName',
  'lessorName',
] as const;

/** The arrears list's columns (and its CSV's), in their order. */
export const ARREARS_COLUMNS = [
  'renterName',
  'contractNumber',
  'overdueCents',
  'currency',
  'bills',
  'oldestDueOn',
  'daysOverdue',
  'step',
  'exempt',
  'lessorName',
] as const;

/** The bill record ledger (spec section 3: customer, type, description, amount, balance, time). */
export const useLedgerFields = defineFields<LedgerRowData>()('lease-billing', {
  renterName: { label: 'renter' },
  type: { label: 'ledger.type', kind: 'code', table: LEDGER_TYPE, filter: { width: 140 } },
  description: {
    label: 'ledger.description',
    value: (row) => row.subject,
    cell: (row, { t, label }) => (
      <>
        {describe(row, t, label)}
        {row.hoursMissing && (
          <Tag color="orange" style={{ marginLeft: 8 }}>
            {t('overtime.missing')}
          </Tag>
        )}
      </>
    ),
    exportValue: (row, { t, label }) =>
      row.hoursMissing ? `${describe(row, t, label)} (${t('overtime.missing')})` : describe(row, t, label),
  },
  amountCents: { label: 'amount', kind: 'money', sortable: true },
  balanceCents: { label: 'balance', kind: 'money' },
  // Rows of companies of several brands share the list (the operator's): each names its currency, and the CSV keeps
  // it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  day: { label: 'day', kind: 'day', sortable: true },
  createdAt: { label: 'time', kind: 'moment', defaultHidden: true },
  lessorName: { label: 'lessor', defaultHidden: true },
  ...dayFilters,
});

function describe(row: LedgerRowData, t: FieldContext['t'], label: FieldContext['label']): string {
  const method = row.type === 'receipt' ? label(RECEIPT_METHOD, row.detail) : '';
  // An opening balance recorded without a note is named alone.
  const key = row.type === 'opening' && row.detail === '' ? 'openingPlain' : row.type;
  return t(`ledger.describe.${key}`, { subject: row.subject, detail: row.detail, method });
}

export const useBillFields = defineFields<BillRow>()('lease-billing', {
  number: { label: 'bill.number' },
  kind: { label: 'bill.kind', kind: 'code', table: BILL_KIND },
  contractNumber: contractField,
  renterName: { label: 'renter' },
  period: { label: 'bill.period', value: (row) => `${row.periodStart} ~ ${row.periodEnd}` },
  issuedOn: { label: 'bill.issuedOn', kind: 'day', sortable: true },
  dueOn: { label: 'bill.dueOn', kind: 'day', sortable: true },
  amountCents: { label: 'bill.amount', kind: 'money', sortable: true },
  paidCents: { label: 'bill.paid', kind: 'money' },
  unpaidCents: { label: 'bill.unpaid', kind: 'money' },
  state: { label: 'bill.state', kind: 'code', table: BILL_STATE },
  daysOverdue: { label: 'bill.daysOverdue', kind: 'number' },
  // A machine with an hours allowance reported no hours: its overtime is not billed, and the bill says so (070).
  hoursMissing: {
    label: 'overtime.hoursField',
    value: (row, { t }) => (row.hoursMissing ? t('overtime.missing') : ''),
    cell: (row, { t }) => (row.hoursMissing ? <Tag color="orange">{t('overtime.missing')}</Tag> : null),
  },
  lessorName: { label: 'lessor' },
  voidReason: { label: 'bill.voidReasonShown', defaultHidden: true },
  voidedAt: { label: 'bill.voidedAt', defaultHidden: true },
  voidedByName: { label: 'bill.voidedBy', defaultHidden: true },
  note: { label: 'opening.note', defaultHidden: true },
});

export const useReceiptFields = defineFields<ReceiptRow>()('lease-billing', {
  receivedOn: { label: 'history.receivedOn', kind: 'day', sortable: true },
  renterName: { label: 'renter' },
  amountCents: { label: 'history.amount', kind: 'money', sortable: true },
  allocatedCents: { label: 'history.allocated', kind: 'money' },
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  method: { label: 'history.method', kind: 'code', table: RECEIPT_METHOD, filter: { width: 140 } },
  reference: { label: 'history.reference' },
  allocations: {
    label: 'history.allocations',
    value: (row) =>
      row.allocations.map((a) => `${a.billNumber}: ${recordAmountText(a.amountCents, row.money)}`).join('; '),
  },
  voided: {
    label: 'history.state',
    value: (row) => row.voided,
    cell: (row, { t }) => (row.voided ? t('history.voided') : t('history.live')),
    exportValue: (row, { t }) => (row.voided ? t('history.voided') : t('history.live')),
    filter: {
      width: 120,
      label: 'history.voidedFilter',
      options: ({ t }) => [
        { value: '0', label: t('history.live') },
        { value: '1', label: t('history.voided') },
      ],
    },
  },
  voidReason: { label: 'history.voidReason' },
  note: { label: 'history.note', defaultHidden: true },
  createdByName: { label: 'history.createdBy' },
  createdAt: { label: 'history.createdAt', kind: 'moment', defaultHidden: true },
  voidedAt: { label: 'history.voidedAt', defaultHidden: true },
  voidedByName: { label: 'history.voidedBy', defaultHidden: true },
  lessorName: { label: 'lessor', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'history.keywordPlaceholder', maxLength: 50 } },
  ...dayFilters,
});

export const useArrearsFields = defineFields<ArrearsRow>()('lease-billing', {
  renterName: { label: 'renter' },
  contractNumber: contractField,
  overdueCents: { label: 'arrears.overdue', kind: 'money', sortable: true },
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  bills: { label: 'arrears.bills', kind: 'number' },
  oldestDueOn: { label: 'arrears.oldestDueOn', kind: 'day', sortable: true },
  daysOverdue: { label: 'arrears.daysOverdue', kind: 'number' },
  step: {
    label: 'arrears.step',
    exportValue: (row, { t }) => stepText(row.step, t),
    cell: (row) => <ArrearsStep step={row.step} />,
  },
  exempt: {
    label: 'arrears.exemption',
    exportValue: (row) => row.exemptReason,
    cell: (row, { t }) =>
      row.exempt ? (
        <Tooltip title={row.exemptReason}>
          <Tag color="purple">{t('arrears.exemptTag')}</Tag>
        </Tooltip>
      ) : null,
  },
  lessorName: { label: 'lessor', defaultHidden: true },
  keyword: { label: 'keyword', filter: { placeholder: 'arrears.keywordPlaceholder', maxLength: 50 } },
  minDays: { label: 'arrears.minDays', filter: { width: 120, maxLength: 4 } },
  renterId: dayFilters.renterId,
});
