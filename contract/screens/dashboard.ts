import { defineScreens, type AreaMenu } from './screen.ts';

export const dashboardScreens = defineScreens({
  /** Device management home: fleet figures, the live map, recent alarms, utilisation. */
  home: { path: '/dashboard', title: 'dashboard:title', dashboard: true },
});

export const dashboardMenu: AreaMenu<typeof dashboardScreens> = [
  { screen: 'home', group: 'top', order: 10, title: 'home', icon: 'home', roles: 'all' },
];
