import type { AppRoute } from '../../lib/app-route.ts';

export const routes: AppRoute[] = [
  {
    // Public by the spec's list, but only with the dashboard-login marker (the access rules check it).
    path: '/screen',
    title: 'home:screen.title',
    page: () => import('./pages/screen-page.tsx').then((m) => ({ default: m.ScreenPage })),
    isPublic: true,
    inLayout: false,
    tag: 'screen',
  },
];
