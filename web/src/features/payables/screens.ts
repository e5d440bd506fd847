import type { payableScreens } from '@console/contract/screens/payables';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof payableScreens> = {
  payables: () => import('./pages/payable-list-page.tsx').then((m) => ({ default: m.PayableListPage })),
};
