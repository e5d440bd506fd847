import type { monitorScreens } from '@console/contract/screens/monitor';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof monitorScreens> = {
  monitor: () => import('./pages/monitor-page.tsx').then((m) => ({ default: m.MonitorPage })),
};
