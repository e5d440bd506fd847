import { PRODUCT_CATEGORY } from '@console/contract/codes/products';
import { SHOP_ORDER_STATE } from '@console/contract/codes/shop-orders';
import type { ShopOrderRow } from '@console/contract/http/shop-orders';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';

/** The order list's columns (and its CSV's), in their order. */
export const SHOP_ORDER_COLUMNS = [
  'number',
  'state',
  'productName',
  'spec',
  'quantity',
  'amountCents',
  'discountCents',
  'payCents',
  'paidCents',
  'currency',
  'paidAt',
  'paymentReference',
  'buyerOrgName',
  'buyerName',
  'sellerName',
  'receiver',
  'receiverPhone',
  'address',
  'courierNumber',
  'serials',
  'shippedAt',
  'receivedAt',
  'completedAt',
  'distributorName',
  'creditCents',
  'createdAt',
] as const;

/** A shop order (spec section 3): what was bought, paid, shipped and received. */
export const useShopOrderFields = defineFields<ShopOrderRow>()('shop-orders', {
  number: { label: 'order.number' },
  state: { label: 'order.state', kind: 'code', table: SHOP_ORDER_STATE, filter: { width: 150 } },
  productName: { label: 'order.product' },
  category: { label: 'order.category', kind: 'code', table: PRODUCT_CATEGORY },
  spec: { label: 'order.spec' },
  quantity: { label: 'order.quantity', kind: 'number' },
  unitCents: { label: 'order.unit', kind: 'money' },
  amountCents: { label: 'order.amount', kind: 'money' },
  discountCents: { label: 'order.discount', kind: 'money' },
  payCents: { label: 'order.pay', kind: 'money', sortable: true },
  paidCents: { label: 'order.paid', kind: 'money' },
  // Rows of companies of several brands share the list (the operator's): each names its currency, and the CSV keeps
  // it beside the plain amounts (decision 064).
  currency: { label: 'common:currency', value: (row) => row.money.currency.code },
  paidAt: { label: 'order.paidAt', kind: 'moment', sortable: true },
  paymentReference: { label: 'order.paymentReference', defaultHidden: true },
  buyerOrgName: { label: 'order.buyerOrg' },
  buyerName: { label: 'order.buyer', defaultHidden: true },
  sellerName: { label: 'order.seller' },
  receiver: { label: 'order.receiver' },
  receiverPhone: { label: 'order.receiverPhone' },
  address: { label: 'order.address', ellipsis: true, defaultHidden: true },
  courierNumber: { label: 'order.courier' },
  serials: { label: 'order.serials', ellipsis: true },
  shippedAt: { label: 'order.shippedAt', kind: 'moment' },
  receivedAt: { label: 'order.receivedAt', kind: 'moment', defaultHidden: true },
  completedAt: { label: 'order.completedAt', kind: 'moment', defaultHidden: true },
  distributorName: { label: 'order.distributor', defaultHidden: true },
  creditCents: { label: 'order.credit', kind: 'money' },
  createdAt: { label: 'order.createdAt', kind: 'moment', sortable: true },
  side: {
    label: 'order.side',
    filter: {
      width: 140,
      options: ({ t }) => [
        { value: 'bought', label: t('order.bought') },
        { value: 'sold', label: t('order.sold') },
      ],
    },
  },
  keyword: { label: 'order.keyword', filter: { placeholder: 'order.keywordPlaceholder', maxLength: 40 } },
  from: { label: 'order.from', filter: { input: () => <DayField /> } },
  to: { label: 'order.to', filter: { input: () => <DayField /> } },
});
