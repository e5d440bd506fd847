import { Space } from 'antd';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import { formatMoney, plainAmount } from '@console/contract/codes/money';
import { RENEWAL_WINDOW } from '@console/contract/codes/finance';
import { LOCK_LEVEL } from '@console/contract/codes/lock';
import { RENEWAL_ITEM_KIND, RENEWAL_STATE } from '@console/contract/codes/renewals';
import type { RenewalItem, RenewalOrderRow } from '@console/contract/http/renewals';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { renewalScreens } from '@console/contract/screens/renewals';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';

/** A machine or SIM card whose service may be renewed (spec section 4: renewal status). */
export const useItemFields = defineFields<RenewalItem>()('renewals', {
  kind: { label: 'item.kind', kind: 'code', table: RENEWAL_ITEM_KIND, filter: { width: 140 } },
  label: {
    label: 'item.label',
    sortable: true,
    href: (row) => (row.kind === 'device' ? href(deviceDetailScreens.detail, { id: row.id }) : null),
  },
  detail: { label: 'item.detail' },
  ownerName: { label: 'item.owner' },
  serviceExpiresAt: {
    label: 'item.expiresAt',
    sortable: true,
    cell: (row) => (
      <Space size={4}>
        {row.serviceExpiresAt || '-'}
        {row.renewal !== null && <StatusBadge table={RENEWAL_WINDOW} value={row.renewal} />}
      </Space>
    ),
  },
  expiry: { label: 'item.window', kind: 'code', table: RENEWAL_WINDOW, filter: { width: 170 } },
  status: { label: 'item.status', kind: 'code', table: DEVICE_STATUS },
  lockLevel: { label: 'item.lockLevel', kind: 'code', table: LOCK_LEVEL },
  pendingNumber: { label: 'item.pending' },
  lastRenewedAt: {
    label: 'item.lastRenewedAt',
    href: (row) => (row.lastRenewedAt ? href(renewalScreens.renewDevice, { tab: 'orders', itemId: row.id }) : null),
  },
  keyword: { label: 'item.keyword', filter: { placeholder: 'item.keywordPlaceholder', maxLength: 40 } },
});

/** A renewal order (the renewal history). */
export const useOrderFields = defineFields<RenewalOrderRow>()('renewals', {
  number: { label: 'order.number' },
  kind: { label: 'item.kind', kind: 'code', table: RENEWAL_ITEM_KIND, filter: { width: 140 } },
  ownerName: { label: 'item.owner' },
  months: { label: 'order.months', kind: 'number', unit: 'order.monthUnit' },
  itemCount: { label: 'order.itemCount', kind: 'number' },
  labels: { label: 'order.labels', ellipsis: true },
  // Orders of companies of several brands sit in one list: each amount names its own currency.
  totalCents: {
    label: 'order.total',
    sortable: true,
    cell: (row) => formatMoney(row.totalCents, row.money),
    exportValue: (row) => plainAmount(row.totalCents, row.money),
  },
  currency: { label: 'order.currency', value: (row) => row.money.currency.code },
  state: { label: 'order.state', kind: 'code', table: RENEWAL_STATE, filter: { width: 140 } },
  paymentReference: { label: 'order.reference' },
  failure: { label: 'order.failure' },
  note: { label: 'order.note', defaultHidden: true },
  createdByName: { label: 'order.createdBy' },
  createdAt: { label: 'order.createdAt', kind: 'moment', sortable: true },
  settledByName: { label: 'order.settledBy', defaultHidden: true },
  settledAt: { label: 'order.settledAt', kind: 'moment' },
  keyword: { label: 'order.keyword', filter: { placeholder: 'order.keywordPlaceholder', maxLength: 40 } },
  from: { label: 'order.from', filter: { input: () => <DayField /> } },
  to: { label: 'order.to', filter: { input: () => <DayField /> } },
});
