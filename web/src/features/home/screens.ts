import type { homeScreens } from '@console/contract/screens/home';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof homeScreens> = {
  screen: () => import('./pages/screen-page.tsx').then((m) => ({ default: m.ScreenPage })),
  bigScreen: () => import('./pages/big-screen-page.tsx').then((m) => ({ default: m.BigScreenPage })),
  jdBigScreen: () => import('./pages/big-screen-page.tsx').then((m) => ({ default: m.JdBigScreenPage })),
  leaseBigScreen: () => import('./pages/lease-big-screen-page.tsx').then((m) => ({ default: m.LeaseBigScreenPage })),
  surveyBigScreen: () => import('./pages/survey-big-screen-page.tsx').then((m) => ({ default: m.SurveyBigScreenPage })),
  screenDetail: () => import('./pages/screen-detail-page.tsx').then((m) => ({ default: m.ScreenDetailPage })),
  screenDeviceList: () =>
    import('./pages/screen-device-list-page.tsx').then((m) => ({ default: m.ScreenDeviceListPage })),
};
