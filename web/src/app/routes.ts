import type { AppRoute } from '../lib/app-route.ts';
import { routes as authRoutes } from '../features/auth/routes.ts';
import { routes as casesRoutes } from '../features/cases/routes.ts';
import { routes as dashboardRoutes } from '../features/dashboard/routes.ts';
import { routes as devicesRoutes } from '../features/devices/routes.ts';
import { routes as deviceDetailRoutes } from '../features/device-detail/routes.ts';
import { routes as employeesRoutes } from '../features/employees/routes.ts';
import { routes as faultsRoutes } from '../features/faults/routes.ts';
import { routes as feedbackRoutes } from '../features/feedback/routes.ts';
import { routes as fencesRoutes } from '../features/fences/routes.ts';
import { routes as homeRoutes } from '../features/home/routes.ts';
import { routes as peripheralsRoutes } from '../features/peripherals/routes.ts';
import { routes as riskRoutes } from '../features/risk/routes.ts';
import { routes as settingsRoutes } from '../features/settings/routes.ts';
import { routes as tracksRoutes } from '../features/tracks/routes.ts';
import { routes as upkeepRoutes } from '../features/upkeep/routes.ts';
import { routes as warningRoutes } from '../features/warning/routes.ts';
import { routes as workOrdersRoutes } from '../features/work-orders/routes.ts';

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
  ...peripheralsRoutes,
  ...riskRoutes,
  ...deviceDetailRoutes,
  ...homeRoutes,
  ...employeesRoutes,
  ...fencesRoutes,
  ...settingsRoutes,
  ...tracksRoutes,
  ...warningRoutes,
  ...faultsRoutes,
  ...upkeepRoutes,
  ...feedbackRoutes,
  ...casesRoutes,
  ...workOrdersRoutes,
];
