import { RENEWAL_READERS } from '../access/renewals.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Renewing the connectivity service (spec /financeCenter/renewDevice, docs/decisions/044-finance-renewals-ledger.md):
 * machines and SIM cards by renewal window, and the renewal orders (the history) on a second tab. `itemId` opens the
 * history of one machine or card.
 */
export const renewalScreens = defineScreens({
  renewDevice: {
    path: '/financeCenter/renewDevice',
    title: 'renewals:title',
    query: { tab: ['items', 'orders'], itemId: 'number' },
    keepAlive: true,
  },
});

export const renewalMenu: AreaMenu<typeof renewalScreens> = [
  { screen: 'renewDevice', group: 'finance', order: 5, title: 'renewDevice', icon: 'schedule', roles: RENEWAL_READERS },
];
