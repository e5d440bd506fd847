import type { depositScreens } from '@console/contract/screens/deposits';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof depositScreens> = {
  deposits: () => import('./pages/deposit-list-page.tsx').then((m) => ({ default: m.DepositListPage })),
};
