import type { AppRoute } from '../../lib/app-route.ts';

/** Basic settings: /setUp?active=first (personal) and ?active=second (corporate, roles 5 and 6). */
export const routes: AppRoute[] = [
  {
    path: '/setUp',
    title: 'settings:title',
    page: () => import('./pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
    inLayout: true,
  },
];
