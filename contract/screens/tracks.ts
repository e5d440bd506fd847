import { DEVICE_READERS } from '../access/devices.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Track playback of one machine (spec: "Track playback: start, pause, speed, alarm list"). */
export const trackScreens = defineScreens({
  playback: {
    path: '/deviceManagement/historicalTrajectory',
    title: 'tracks:title',
    // The machine from the device pages; the period and the stop length keep a track a link.
    query: { id: 'number', startTime: 'string', endTime: 'string', stopMinutes: 'number' },
  },
});

export const trackMenu: AreaMenu<typeof trackScreens> = [
  {
    screen: 'playback',
    group: 'devices',
    order: 30,
    title: 'trackPlayback',
    icon: 'environment',
    roles: DEVICE_READERS,
  },
];
