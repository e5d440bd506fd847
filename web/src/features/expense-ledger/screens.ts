import type { expenseLedgerScreens } from '@console/contract/screens/expense-ledger';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof expenseLedgerScreens> = {
  deviceExpense: () => import('./pages/ledger-page.tsx').then((m) => ({ default: m.LedgerPage })),
};
