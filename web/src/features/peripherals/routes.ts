import type { AppRoute } from '../../lib/app-route.ts';

/** Peripheral registries beside the machines: virtual hosts, controllers, GPS gateways, accessories. */
export const routes: AppRoute[] = [
  {
    path: '/deviceManagement/virtualHosts',
    title: 'peripherals:virtualHosts.title',
    page: () => import('./pages/virtual-hosts-page.tsx').then((m) => ({ default: m.VirtualHostsPage })),
    inLayout: true,
  },
  {
    path: '/deviceManagement/controllers',
    title: 'peripherals:controllers.title',
    page: () => import('./pages/controllers-page.tsx').then((m) => ({ default: m.ControllersPage })),
    inLayout: true,
  },
  {
    path: '/deviceManagement/gpsGateways',
    title: 'peripherals:gpsGateways.title',
    page: () => import('./pages/gps-gateways-page.tsx').then((m) => ({ default: m.GpsGatewaysPage })),
    inLayout: true,
  },
  {
    path: '/deviceManagement/accessories',
    title: 'peripherals:accessories.title',
    page: () => import('./pages/accessories-page.tsx').then((m) => ({ default: m.AccessoriesPage })),
    inLayout: true,
  },
];
