import { CORPORATE_READERS } from '../access/settings.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Basic settings: `active=first` the personal tab, `active=second` the corporate one (roles 5 and 6). */
export const settingScreens = defineScreens({
  settings: { path: '/setUp', title: 'settings:title', query: { active: ['first', 'second'] } },
});

export const settingMenu: AreaMenu<typeof settingScreens> = [
  {
    screen: 'settings',
    query: { active: 'first' },
    group: 'settings',
    order: 10,
    title: 'personalSettings',
    icon: 'user',
    roles: 'all',
  },
  {
    screen: 'settings',
    query: { active: 'second' },
    group: 'settings',
    order: 20,
    title: 'corporateSettings',
    icon: 'bank',
    roles: CORPORATE_READERS,
  },
];
