import { CORPORATE_READERS } from '../access/settings.ts';
import { RETENTION_ADMINS } from '../http/retention.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Basic settings: `active=first` the personal tab, `active=second` the corporate one (roles 5 and 6), `active=third`
 * the operator's system settings (role 2: how long telemetry is kept).
 */
export const settingScreens = defineScreens({
  settings: { path: '/setUp', title: 'settings:title', query: { active: ['first', 'second', 'third'] } },
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
  {
    screen: 'settings',
    query: { active: 'third' },
    group: 'settings',
    order: 25,
    title: 'systemSettings',
    icon: 'setting',
    roles: RETENTION_ADMINS,
  },
];
