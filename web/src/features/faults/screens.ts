import type { faultScreens } from '@console/contract/screens/faults';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof faultScreens> = {
  list: () => import('./pages/faults-page.tsx').then((m) => ({ default: m.FaultsPage })),
};
