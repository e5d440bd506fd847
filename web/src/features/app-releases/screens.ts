import type { appReleaseScreens } from '@console/contract/screens/app-releases';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof appReleaseScreens> = {
  appSetting: () => import('./pages/app-releases-page.tsx').then((m) => ({ default: m.AppReleasesPage })),
};
