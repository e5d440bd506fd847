import { codeTable } from './code-table.ts';

/** Where a controller or host is: in inventory or installed on a machine. */
export const STOCK_STATUS = codeTable('stockStatus', [
  [1, 'inventory', 'blue'],
  [2, 'installed', 'green'],
]);

/** Whether a machine is in stock or under lease. */
export const LEASE_STATUS = codeTable('leaseStatus', [
  [1, 'stock', 'default'],
  [2, 'underLease', 'green'],
]);
