import type { AppRoute } from '../../lib/app-route.ts';

/** Maintenance reminders: upkeep plans, due soon and overdue. */
export const routes: AppRoute[] = [
  {
    path: '/warning/upkeep',
    title: 'upkeep:title',
    page: () => import('./pages/upkeep-page.tsx').then((m) => ({ default: m.UpkeepPage })),
    inLayout: true,
  },
];
