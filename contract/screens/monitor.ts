import { MONITOR_READERS } from '../access/monitor.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Video monitoring (docs/decisions/057-video-monitoring.md): the player and the cameras bound to the machines. */
export const monitorScreens = defineScreens({
  monitor: { path: '/monitorManagement/monitor', title: 'monitor:title', keepAlive: true },
});

export const monitorMenu: AreaMenu<typeof monitorScreens> = [
  {
    screen: 'monitor',
    group: 'monitor',
    order: 10,
    title: 'videoMonitor',
    icon: 'video-camera',
    roles: MONITOR_READERS,
  },
];
