import type { deviceDetailScreens } from '@console/contract/screens/device-detail';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof deviceDetailScreens> = {
  detail: () => import('./pages/device-detail-page.tsx').then((m) => ({ default: m.DeviceDetailPage })),
  legacy: () => import('./pages/legacy-device-redirect.tsx').then((m) => ({ default: m.LegacyDeviceRedirect })),
};
