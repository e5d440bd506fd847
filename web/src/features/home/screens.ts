import type { homeScreens } from '@console/contract/screens/home';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof homeScreens> = {
  screen: () => import('./pages/screen-page.tsx').then((m) => ({ default: m.ScreenPage })),
  bigScreen: null,
  jdBigScreen: null,
  leaseBigScreen: null,
  surveyBigScreen: null,
  screenDetail: null,
  screenDeviceList: null,
};
