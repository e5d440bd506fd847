import { Space } from 'antd';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import type { MoneyFormat } from '@console/contract/codes/money';
import { LEASE_STATUS_TABLE, type ContractLineRow, type ContractRow } from '@console/contract/http/lease-contracts';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { PriceDisplay } from '../../components/price-display.tsx';
import { OvertimeTerms } from './components/overtime-terms.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OptionFilter } from './components/option-filter.tsx';

/** The fields of a contract (labels in the `lease-contracts` catalog); the form's rules are contractDraftInput's. */
export const useContractFields = defineFields<ContractRow>()('lease-contracts', {
  number: {
    label: 'fields.number',
    sortable: true,
    href: (row) => href(leaseContractScreens.contractDetail, { id: row.id }),
  },
  status: { label: 'fields.status', kind: 'code', table: LEASE_STATUS_TABLE },
  renterName: { label: 'fields.renter' },
  renterId: { label: 'fields.renter', filter: { input: () => <OptionFilter of="renters" /> } },
  storeName: { label: 'fields.store' },
  storeId: { label: 'fields.store', filter: { input: () => <OptionFilter of="stores" /> } },
  salespersonName: { label: 'fields.salesperson' },
  salespersonId: { label: 'fields.salesperson', filter: { input: () => <OptionFilter of="salespeople" /> } },
  serial: { label: 'fields.serial', filter: { placeholder: 'fields.serialPlaceholder', maxLength: 50, width: 200 } },
  site: { label: 'fields.siteAddress', ellipsis: true, width: 220 },
  startOn: { label: 'fields.startOn', kind: 'day', sortable: true },
  endOn: { label: 'fields.endOn', kind: 'day', sortable: true },
  totalCents: { label: 'fields.total', kind: 'money', sortable: true },
  // Rows of companies of several brands share the list (the operator's): each names its currency, and the CSV keeps
  // it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  businessModels: {
    label: 'fields.businessModel',
    kind: 'codes',
    table: BUSINESS_MODEL,
    cell: (row) => (
      <Space size={[0, 4]} wrap>
        {row.businessModels.map((m) => (
          <StatusBadge key={m} table={BUSINESS_MODEL} value={m} />
        ))}
      </Space>
    ),
  },
  businessModel: { label: 'fields.businessModel', kind: 'code', table: BUSINESS_MODEL, filter: { width: 200 } },
  machineCount: { label: 'fields.machineCount', kind: 'number' },
  createdAt: { label: 'fields.createdAt', kind: 'moment', sortable: true, defaultHidden: true },
  keyword: { label: 'fields.keyword', filter: { placeholder: 'fields.keywordPlaceholder', maxLength: 50, width: 220 } },
  startFrom: { label: 'fields.startFrom', filter: { input: () => <DayField /> } },
  startTo: { label: 'fields.startTo', filter: { input: () => <DayField /> } },
});

/** The contract list's columns (and its CSV's), in their order. */
export const CONTRACT_LIST_COLUMNS = [
  'number',
  'status',
  'renterName',
  'storeName',
  'salespersonName',
  'site',
  'businessModels',
  'machineCount',
  'startOn',
  'endOn',
  'totalCents',
  'currency',
  'createdAt',
] as const;

/** A line of a contract: a machine (or a model and a count), its business model, prices and amount. */
export const useContractLineFields = defineFields<ContractLineRow>()('lease-contracts', {
  machine: { label: 'form.machine', value: (l) => l.serialNumber || `${l.modelName} × ${l.count}` },
  businessModel: { label: 'fields.businessModel', kind: 'code', table: BUSINESS_MODEL },
  prices: {
    label: 'fields.prices',
    // A line shown with its contract's money (the detail page) reads in it.
    cell: (l) => (
      <PriceDisplay
        model={l.businessModel}
        prices={{
          day: l.dayCents,
          month: l.monthCents,
        }}
        money={(l as { money?: MoneyFormat }).money}
      />
    ),
  },
  overtime: {
    label: 'fields.overtime',
    cell: (l) => (
      <OvertimeTerms
        model={l.businessModel}
        allowanceTenths={l.allowanceTenths}
        overtimeCents={l.overtimeCents}
        money={(l as { money?: MoneyFormat }).money}
      />
    ),
  },
  count: { label: 'fields.count', kind: 'number' },
  // A line a change added or ended holds days of its own (decision 041); '-' is the contract's whole term.
  days: {
    label: 'fields.lineDays',
    value: (l) => (l.fromOn === null && l.untilOn === null ? null : `${l.fromOn ?? ''} ~ ${l.untilOn ?? ''}`.trim()),
  },
  amountCents: { label: 'fields.amount', kind: 'money' },
});
