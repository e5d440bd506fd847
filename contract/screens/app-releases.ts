import { BANNER_EDITORS } from '../access/banners.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** App settings: the apps' releases (docs/decisions/053-app-releases.md). */
export const appReleaseScreens = defineScreens({
  appSetting: { path: '/systemSetting/appSetting', title: 'app-releases:title', keepAlive: true },
});

export const appReleaseMenu: AreaMenu<typeof appReleaseScreens> = [
  {
    screen: 'appSetting',
    group: 'system',
    order: 10,
    title: 'appSetting',
    icon: 'deployment-unit',
    roles: BANNER_EDITORS,
  },
];
