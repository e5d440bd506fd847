import type { themeScreens } from '@console/contract/screens/themes';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof themeScreens> = {
  theme: () => import('./pages/theme-page.tsx').then((m) => ({ default: m.ThemePage })),
};
