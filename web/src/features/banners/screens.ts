import type { bannerScreens } from '@console/contract/screens/banners';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof bannerScreens> = {
  bannerSetting: () => import('./pages/banners-page.tsx').then((m) => ({ default: m.BannersPage })),
};
