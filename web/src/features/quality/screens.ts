import type { qualityScreens } from '@console/contract/screens/quality';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof qualityScreens> = {
  overview: () => import('./pages/overview-page.tsx').then((m) => ({ default: m.OverviewPage })),
  proceed: () => import('./pages/proceed-page.tsx').then((m) => ({ default: m.ProceedPage })),
  history: () => import('./pages/history-page.tsx').then((m) => ({ default: m.HistoryPage })),
};
