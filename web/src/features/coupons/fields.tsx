import { COUPON_ISSUE_STATE, COUPON_TYPE, COUPON_USE_STATE } from '@console/contract/codes/coupons';
import { PRODUCT_CATEGORY } from '@console/contract/codes/products';
import type { CouponRow, ReceivedCouponRow } from '@console/contract/http/coupons';
import { defineFields } from '../../components/fields.tsx';
import { recordAmountText, recordMoneyText } from '../../lib/money.ts';

/**
 * The coupon's value: its face value with the currency's symbol (the column holds discounts too, so its title cannot
 * name the currency) in the coupon's own money (its company's brand's), or its discount ("8.5 折" / "8.5 of 10").
 */
const valueText = (row: CouponRow, t: (key: string, options?: Record<string, unknown>) => string) =>
  row.type === 'cash'
    ? recordMoneyText(row.faceValueCents ?? 0, row.money)
    : t('coupon.discountText', { discount: row.discount });

/** The coupon list's columns (and its CSV's), in their order. */
export const COUPON_COLUMNS = [
  'name',
  'type',
  'value',
  'category',
  'minSpendCents',
  'currency',
  'issuePeriod',
  'issueState',
  'total',
  'remaining',
  'received',
  'used',
  'expired',
  'perUserLimit',
  'validHours',
  'orgName',
  'createdByName',
  'createdAt',
] as const;

/** A coupon (spec section 3): its rules and counts. */
export const useCouponFields = defineFields<CouponRow>()('coupons', {
  name: { label: 'coupon.name' },
  type: { label: 'coupon.type', kind: 'code', table: COUPON_TYPE, filter: { width: 140 } },
  value: { label: 'coupon.value', value: (row, { t }) => valueText(row, t) },
  category: {
    label: 'coupon.category',
    value: (row, { t, label }) =>
      row.category === 'all' ? t('coupon.allCategories') : label(PRODUCT_CATEGORY, row.category),
    filter: {
      width: 160,
      options: ({ t, label }) => [
        { value: 'all', label: t('coupon.allCategories') },
        ...PRODUCT_CATEGORY.values.map((v) => ({ value: v, label: label(PRODUCT_CATEGORY, v) })),
      ],
    },
  },
  minSpendCents: {
    label: 'coupon.minSpend',
    kind: 'money',
    cell: (row, { t }) =>
      row.minSpendCents === 0 ? t('coupon.noMinimum') : recordAmountText(row.minSpendCents, row.money),
  },
  // Rows of companies of several brands share the list (the operator's): each names its currency, and the CSV keeps
  // it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  issuePeriod: { label: 'coupon.issuePeriod', value: (row) => `${row.issueFrom} ~ ${row.issueTo}` },
  issueState: { label: 'coupon.issueState', kind: 'code', table: COUPON_ISSUE_STATE, filter: { width: 140 } },
  total: { label: 'coupon.total', kind: 'number' },
  perUserLimit: { label: 'coupon.perUserLimit', kind: 'number' },
  remaining: { label: 'coupon.remaining', kind: 'number', sortable: true },
  received: { label: 'coupon.received', kind: 'number' },
  used: { label: 'coupon.used', kind: 'number' },
  expired: { label: 'coupon.expired', kind: 'number' },
  validHours: { label: 'coupon.validHours', kind: 'number', unit: 'coupon.hours' },
  orgName: { label: 'coupon.org' },
  createdByName: { label: 'coupon.createdBy', defaultHidden: true },
  createdAt: { label: 'coupon.createdAt', kind: 'moment', sortable: true },
  keyword: { label: 'coupon.keyword', filter: { placeholder: 'coupon.keywordPlaceholder', maxLength: 60 } },
});

/** A coupon someone received (spec section 4: received, used, expired). */
export const useReceivedFields = defineFields<ReceivedCouponRow>()('coupons', {
  mobile: { label: 'received.mobile' },
  holderName: { label: 'received.holder' },
  state: { label: 'received.state', kind: 'code', table: COUPON_USE_STATE, filter: { width: 140 } },
  receivedAt: { label: 'received.receivedAt', kind: 'moment', sortable: true },
  expiresAt: { label: 'received.expiresAt', kind: 'moment', sortable: true },
  usedAt: { label: 'received.usedAt', kind: 'moment' },
  discountCents: { label: 'received.discount', kind: 'money' },
  orderRef: { label: 'received.orderRef' },
  grantedByName: { label: 'received.grantedBy' },
  keyword: { label: 'received.keyword', filter: { placeholder: 'received.keywordPlaceholder', maxLength: 20 } },
});
