import type { upkeepScreens } from '@console/contract/screens/upkeep';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof upkeepScreens> = {
  list: () => import('./pages/upkeep-page.tsx').then((m) => ({ default: m.UpkeepPage })),
};
