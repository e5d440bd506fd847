import type { AppRoute } from '../../lib/app-route.ts';

/** One machine's detail page: reached from the device list, the map, the alarms and other pages, not the menu. */
export const routes: AppRoute[] = [
  {
    path: '/deviceManagement/detail',
    title: 'device-detail:title',
    page: () => import('./pages/device-detail-page.tsx').then((m) => ({ default: m.DeviceDetailPage })),
    inLayout: true,
  },
  {
    path: '/project/device',
    title: 'device-detail:title',
    page: () => import('./pages/legacy-device-redirect.tsx').then((m) => ({ default: m.LegacyDeviceRedirect })),
    inLayout: true,
    hidden: true,
  },
];
