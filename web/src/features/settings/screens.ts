import type { settingScreens } from '@console/contract/screens/settings';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof settingScreens> = {
  settings: () => import('./pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
};
