import type { dashboardScreens } from '@console/contract/screens/dashboard';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof dashboardScreens> = {
  home: () => import('./pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
};
