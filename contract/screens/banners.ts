import { BANNER_EDITORS } from '../access/banners.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Banner maintenance (docs/decisions/052-banners.md). */
export const bannerScreens = defineScreens({
  bannerSetting: { path: '/systemSetting/bannerSetting', title: 'banners:title', keepAlive: true },
});

export const bannerMenu: AreaMenu<typeof bannerScreens> = [
  {
    screen: 'bannerSetting',
    group: 'system',
    order: 20,
    title: 'bannerSetting',
    icon: 'desktop',
    roles: BANNER_EDITORS,
  },
];
