import type { fenceScreens } from '@console/contract/screens/fences';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof fenceScreens> = {
  list: () => import('./pages/fences-page.tsx').then((m) => ({ default: m.FencesPage })),
  editor: () => import('./pages/fence-page.tsx').then((m) => ({ default: m.FencePage })),
};
