import { PAYABLE_READERS } from '../http/payables.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * What the company owes its sub-lessors (docs/decisions/079-sublessor-payables.md): their list under rental
 * management, beside the sub-lease record; a payable's row opens its drawer with its payments.
 */
export const payableScreens = defineScreens({
  payables: { path: '/leaseCenter/payables', title: 'payables:title', keepAlive: true },
});

export const payableMenu: AreaMenu<typeof payableScreens> = [
  { screen: 'payables', group: 'lease', order: 62, title: 'payables', icon: 'account-book', roles: PAYABLE_READERS },
];
