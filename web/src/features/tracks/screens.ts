import type { trackScreens } from '@console/contract/screens/tracks';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof trackScreens> = {
  playback: () => import('./pages/track-playback-page.tsx').then((m) => ({ default: m.TrackPlaybackPage })),
};
