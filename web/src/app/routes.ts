import type { AppRoute } from '../lib/app-route.ts';
import { routes as authRoutes } from '../features/auth/routes.ts';
import { routes as dashboardRoutes } from '../features/dashboard/routes.ts';
import { routes as devicesRoutes } from '../features/devices/routes.ts';
import { routes as employeesRoutes } from '../features/employees/routes.ts';
import { routes as homeRoutes } from '../features/home/routes.ts';
import { routes as settingsRoutes } from '../features/settings/routes.ts';

/** The console's own route: where unknown paths land. */
const shellRoutes: AppRoute[] = [
  {
    path: '/404',
    title: 'shell:notFound.title',
    page: () => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
    inLayout: false,
  },
];

/** Every area's routes. An area adds its `routes` here; the router, breadcrumb and titles read this list. */
export const appRoutes: AppRoute[] = [
  ...shellRoutes,
  ...authRoutes,
  ...dashboardRoutes,
  ...devicesRoutes,
  ...homeRoutes,
  ...employeesRoutes,
  ...settingsRoutes,
];
