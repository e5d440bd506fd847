import { codeTable } from './code-table.ts';

/** A coupon a customer holds. */
export const COUPON_USE = codeTable('couponUse', [
  [1, 'received', 'blue'],
  [2, 'used', 'green'],
  [3, 'expired', 'default'],
]);

export const INVOICE_STATUS = codeTable('invoiceStatus', [
  [1, 'toBeIssued', 'gold'],
  [2, 'issued', 'green'],
]);

/** Mall orders; `charging` is a payment being charged through a mobile payment provider. */
export const SHOP_ORDER_STATUS = codeTable('shopOrderStatus', [
  [1, 'created', 'blue'],
  [2, 'unpaid', 'gold'],
  [3, 'charging', 'processing'],
  [4, 'paid', 'cyan'],
  [5, 'shipped', 'geekblue'],
  [6, 'received', 'purple'],
  [7, 'completed', 'green'],
  [8, 'cancelled', 'default'],
  [9, 'failed', 'red'],
  [10, 'abnormal', 'volcano'],
]);

/** Renewal windows: connectivity service expiring within 1, 7, 15 or 30 days, or already stopped (0). */
export const RENEWAL_WINDOW = codeTable('renewalWindow', [
  [1, 'within1', 'volcano'],
  [7, 'within7', 'orange'],
  [15, 'within15', 'gold'],
  [30, 'within30', 'blue'],
  [0, 'stopped', 'red'],
]);

/** The windows in days, for filters. */
export const RENEWAL_DAYS = [1, 7, 15, 30] as const;
