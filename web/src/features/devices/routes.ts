import type { AppRoute } from '../../lib/app-route.ts';

/** Device management: the registry of machines and their types. */
export const routes: AppRoute[] = [
  {
    path: '/deviceManagement',
    title: 'devices:list.title',
    page: () => import('./pages/devices-page.tsx').then((m) => ({ default: m.DevicesPage })),
    inLayout: true,
  },
  {
    path: '/deviceManagement/models',
    title: 'devices:models.title',
    page: () => import('./pages/models-page.tsx').then((m) => ({ default: m.ModelsPage })),
    inLayout: true,
  },
  {
    path: '/deviceManagement/addMachine',
    title: 'devices:form.routeTitle',
    page: () => import('./pages/host-form-page.tsx').then((m) => ({ default: m.HostFormPage })),
    inLayout: true,
  },
  {
    path: '/deviceManagement/deviceOverview',
    title: 'devices:overview.title',
    page: () => import('./pages/device-overview-page.tsx').then((m) => ({ default: m.DeviceOverviewPage })),
    inLayout: true,
    keepAlive: true,
  },
  {
    path: '/deviceManagement/simCards',
    title: 'devices:sims.title',
    page: () => import('./pages/sim-cards-page.tsx').then((m) => ({ default: m.SimCardsPage })),
    inLayout: true,
  },
];
