import type { AppRoute } from '../../lib/app-route.ts';

/** Track playback of one machine (spec: "Track playback: start, pause, speed, alarm list"). */
export const routes: AppRoute[] = [
  {
    path: '/deviceManagement/historicalTrajectory',
    title: 'tracks:title',
    page: () => import('./pages/track-playback-page.tsx').then((m) => ({ default: m.TrackPlaybackPage })),
    inLayout: true,
  },
];
