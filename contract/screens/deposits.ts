import { DEPOSIT_READERS } from '../http/deposits.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Contracts' deposits (docs/decisions/073-deposits.md): their list under rental management; each contract's page shows
 * its own deposit with the moves the viewer may take.
 */
export const depositScreens = defineScreens({
  deposits: { path: '/leaseCenter/deposits', title: 'deposits:title', keepAlive: true },
});

export const depositMenu: AreaMenu<typeof depositScreens> = [
  { screen: 'deposits', group: 'lease', order: 75, title: 'deposits', icon: 'safety', roles: DEPOSIT_READERS },
];
