import { CREDIT_NOTE_READERS } from '../access/charges.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Credit notes (docs/decisions/074-charges-and-credit-notes.md): their list under rental management; a note's row
 * opens its bill. Charges themselves live on a contract's page and a bill's drawer.
 */
export const chargeScreens = defineScreens({
  creditNotes: { path: '/leaseCenter/creditNotes', title: 'charges:credit.listTitle', keepAlive: true },
});

export const chargeMenu: AreaMenu<typeof chargeScreens> = [
  { screen: 'creditNotes', group: 'lease', order: 72, title: 'creditNotes', icon: 'audit', roles: CREDIT_NOTE_READERS },
];
