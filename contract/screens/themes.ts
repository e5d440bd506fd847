import { THEME_EDITORS } from '../access/themes.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** The theme page (spec: system management, "theme"; decision 004, addendum). */
export const themeScreens = defineScreens({
  theme: { path: '/systemSetting/theme', title: 'themes:title', query: { appid: 'string' } },
});

export const themeMenu: AreaMenu<typeof themeScreens> = [
  { screen: 'theme', group: 'system', order: 5, title: 'theme', icon: 'setting', roles: THEME_EDITORS },
];
