import type { leaseRevenueScreens } from '@console/contract/screens/lease-revenue';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof leaseRevenueScreens> = {
  dashboard: () => import('./pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
  incomeDetail: () => import('./pages/income-page.tsx').then((m) => ({ default: m.IncomePage })),
};
