import { BILL_READERS, RECEIPT_WRITERS } from '../access/lease-billing.ts';
import { ONLINE_PAYMENT_READERS } from '../http/online-payments.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Bills, receipts and arrears (docs/decisions/036-lease-billing.md): the bill record and the repayment history in
 * the finance centre (spec /financeCenter), recording a receipt and the arrears under rental management
 * (spec /leaseCenter). A bill's detail is a drawer over these lists.
 */
export const leaseBillingScreens = defineScreens({
  billRecord: { path: '/financeCenter/billRecord', title: 'lease-billing:ledger.title', keepAlive: true },
  history: { path: '/financeCenter/history', title: 'lease-billing:history.title' },
  /** `renterId` opens the form on a renter (the arrears list's link). */
  receiptRecord: {
    path: '/leaseCenter/receiptRecord',
    title: 'lease-billing:receipt.title',
    query: { renterId: 'number' },
  },
  arrears: { path: '/leaseCenter/arrears', title: 'lease-billing:arrears.title', keepAlive: true },
  /** A renter's users pay their bills online; the rental company's people follow the payments (decision 077). */
  payOnline: { path: '/financeCenter/payOnline', title: 'lease-billing:payOnline.title' },
});

export const leaseBillingMenu: AreaMenu<typeof leaseBillingScreens> = [
  { screen: 'billRecord', group: 'finance', order: 10, title: 'billRecord', icon: 'profile', roles: BILL_READERS },
  { screen: 'history', group: 'finance', order: 20, title: 'repaymentHistory', icon: 'wallet', roles: BILL_READERS },
  {
    screen: 'payOnline',
    group: 'finance',
    order: 15,
    title: 'payOnline',
    icon: 'dollar',
    roles: ONLINE_PAYMENT_READERS,
  },
  {
    screen: 'receiptRecord',
    group: 'lease',
    order: 60,
    title: 'receiptRecord',
    icon: 'dollar',
    roles: RECEIPT_WRITERS,
  },
  { screen: 'arrears', group: 'lease', order: 70, title: 'arrears', icon: 'fund', roles: BILL_READERS },
];
