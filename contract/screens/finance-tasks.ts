import { FINANCE_TASK_READERS } from '../access/finance-tasks.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** The finance office's tasks (spec /financeCenter/mission, docs/decisions/051-invoices-and-finance-tasks.md). */
export const financeTaskScreens = defineScreens({
  mission: { path: '/financeCenter/mission', title: 'finance-tasks:title' },
});

export const financeTaskMenu: AreaMenu<typeof financeTaskScreens> = [
  { screen: 'mission', group: 'finance', order: 1, title: 'mission', icon: 'schedule', roles: FINANCE_TASK_READERS },
];
