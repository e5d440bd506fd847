import type { lessorScreens } from '@console/contract/screens/lessors';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof lessorScreens> = {
  lessors: () => import('./pages/lessors-page.tsx').then((m) => ({ default: m.LessorsPage })),
};
