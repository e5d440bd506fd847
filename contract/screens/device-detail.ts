import { defineScreens } from './screen.ts';

/** One machine's detail page: reached from the device list, the map, the alarms and other pages, not the menu. */
export const deviceDetailScreens = defineScreens({
  detail: { path: '/deviceManagement/detail', title: 'device-detail:title', query: { id: 'id', tab: 'string' } },
  /** The old address of a machine (the alarm bell's links): redirects to the detail. */
  legacy: { path: '/project/device', title: 'device-detail:title', query: { nid: 'number' }, hidden: true },
});
