import { Space } from 'antd';
import { CHANGE_KIND, CHANGE_OP } from '@console/contract/codes/contract-change';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import type { MoneyFormat } from '@console/contract/codes/money';
import { CHANGE_STATUS_TABLE, type ChangeLineRow, type ChangeRow } from '@console/contract/http/lease-changes';
import { leaseChangeScreens } from '@console/contract/screens/lease-changes';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { PriceDisplay } from '../../components/price-display.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';

const prices = (model: number, day: number | null, month: number | null, money?: MoneyFormat) => (
  <PriceDisplay
    model={model}
    prices={{
      day,
      month,
    }}
    money={money}
  />
);

/** The change list's columns (and its CSV's), in their order. */
export const CHANGE_COLUMNS = [
  'number',
  'status',
  'contractNumber',
  'renterName',
  'kinds',
  'effectiveOn',
  'endOn',
  'lineCount',
  'totalCents',
  'currency',
  'createdByName',
  'createdAt',
] as const;

/** A change's line as its detail shows it: in the change's currency (decision 064). */
export type ShownChangeLine = ChangeLineRow & { money: MoneyFormat };

/** The fields of a change (decision 041); the form's rules are changeDraftInput's. */
export const useChangeFields = defineFields<ChangeRow>()('lease-changes', {
  number: {
    label: 'fields.number',
    sortable: true,
    href: (row) => href(leaseChangeScreens.contractChangeDetail, { id: row.id }),
  },
  status: { label: 'fields.status', kind: 'code', table: CHANGE_STATUS_TABLE },
  contractNumber: {
    label: 'fields.contract',
    href: (row) => href(leaseContractScreens.contractDetail, { id: row.contractId }),
  },
  renterName: { label: 'fields.renter' },
  effectiveOn: { label: 'fields.effectiveOn', kind: 'day', sortable: true },
  endOn: { label: 'fields.endOn', kind: 'day' },
  kinds: {
    label: 'fields.kinds',
    value: (row) => row.kinds.join(' '),
    cell: (row) => (
      <Space size={[0, 4]} wrap>
        {row.kinds.map((k) => (
          <StatusBadge key={k} table={CHANGE_KIND} value={k} />
        ))}
      </Space>
    ),
  },
  lineCount: { label: 'fields.lineCount', kind: 'number' },
  totalCents: { label: 'fields.total', kind: 'money' },
  // Changes of companies of several brands share the list (the operator's): each names its currency, and the CSV
  // keeps it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  createdByName: { label: 'fields.createdBy' },
  createdAt: { label: 'fields.createdAt', kind: 'moment', sortable: true },
  keyword: { label: 'fields.keyword', filter: { placeholder: 'fields.keywordPlaceholder', maxLength: 50, width: 240 } },
  kind: {
    label: 'fields.kind',
    kind: 'code',
    table: CHANGE_KIND,
    filter: { width: 180 },
  },
  effectiveFrom: { label: 'fields.effectiveFrom', filter: { input: () => <DayField /> } },
  effectiveTo: { label: 'fields.effectiveTo', filter: { input: () => <DayField /> } },
});

/** A change's line: what it does, to which machine, and the terms before and after. */
export const useChangeLineFields = defineFields<ShownChangeLine>()('lease-changes', {
  op: { label: 'fields.op', kind: 'code', table: CHANGE_OP },
  machine: { label: 'fields.machine', value: (l) => l.serialNumber || `${l.modelName} × ${l.count}` },
  businessModel: { label: 'fields.businessModel', kind: 'code', table: BUSINESS_MODEL },
  prices: { label: 'fields.prices', cell: (l) => prices(l.businessModel, l.dayCents, l.monthCents, l.money) },
  before: {
    label: 'fields.before',
    cell: (l) => (l.before ? prices(l.before.businessModel, l.before.dayCents, l.before.monthCents, l.money) : '-'),
  },
  amountCents: { label: 'fields.amount', kind: 'money' },
});
