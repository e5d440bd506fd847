import type { peripheralScreens } from '@console/contract/screens/peripherals';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof peripheralScreens> = {
  virtualHosts: () => import('./pages/virtual-hosts-page.tsx').then((m) => ({ default: m.VirtualHostsPage })),
  controllers: () => import('./pages/controllers-page.tsx').then((m) => ({ default: m.ControllersPage })),
  gpsGateways: () => import('./pages/gps-gateways-page.tsx').then((m) => ({ default: m.GpsGatewaysPage })),
  accessories: () => import('./pages/accessories-page.tsx').then((m) => ({ default: m.AccessoriesPage })),
};
