import type { AppRoute } from '../../lib/app-route.ts';

/** Electronic fences: the list, and one fence's editor with its machines and alarms. */
export const routes: AppRoute[] = [
  {
    path: '/fenceManagement/list',
    title: 'fences:list.title',
    page: () => import('./pages/fences-page.tsx').then((m) => ({ default: m.FencesPage })),
    inLayout: true,
  },
  {
    path: '/deviceManagement/fence',
    title: 'fences:detail.routeTitle',
    page: () => import('./pages/fence-page.tsx').then((m) => ({ default: m.FencePage })),
    inLayout: true,
  },
];
