import type { AppRoute } from '../../lib/app-route.ts';

export const routes: AppRoute[] = [
  {
    // Device management home: fleet figures, the live map, recent alarms, utilisation.
    path: '/dashboard',
    title: 'dashboard:title',
    page: () => import('./pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
  },
];
