import type { AppRoute } from '../../lib/app-route.ts';

/** Fault handling: fault records of the machines, typed in or from fault alarms. */
export const routes: AppRoute[] = [
  {
    path: '/warning/fault',
    title: 'faults:title',
    page: () => import('./pages/faults-page.tsx').then((m) => ({ default: m.FaultsPage })),
    inLayout: true,
  },
];
