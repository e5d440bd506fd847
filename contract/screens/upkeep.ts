import { UPKEEP_READERS } from '../access/upkeep.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Maintenance reminders: upkeep plans, due soon and overdue. */
export const upkeepScreens = defineScreens({
  list: { path: '/warning/upkeep', title: 'upkeep:title', query: { keyword: 'string' } },
});

export const upkeepMenu: AreaMenu<typeof upkeepScreens> = [
  { screen: 'list', group: 'warning', order: 60, title: 'upkeep', icon: 'schedule', roles: UPKEEP_READERS },
];
