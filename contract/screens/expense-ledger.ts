import { EXPENSE_READERS } from '../access/device-records.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * The fleet's expense ledger (spec /financeCenter/deviceExpense, docs/decisions/044-finance-renewals-ledger.md): the
 * expenses of every machine, the same records as a machine's expenses tab, with totals by type and month.
 */
export const expenseLedgerScreens = defineScreens({
  deviceExpense: { path: '/financeCenter/deviceExpense', title: 'expense-ledger:title', keepAlive: true },
});

export const expenseLedgerMenu: AreaMenu<typeof expenseLedgerScreens> = [
  {
    screen: 'deviceExpense',
    group: 'finance',
    order: 30,
    title: 'deviceExpense',
    icon: 'wallet',
    roles: EXPENSE_READERS,
  },
];
