import type { deviceScreens } from '@console/contract/screens/devices';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof deviceScreens> = {
  list: () => import('./pages/devices-page.tsx').then((m) => ({ default: m.DevicesPage })),
  models: () => import('./pages/models-page.tsx').then((m) => ({ default: m.ModelsPage })),
  form: () => import('./pages/host-form-page.tsx').then((m) => ({ default: m.HostFormPage })),
  overview: () => import('./pages/device-overview-page.tsx').then((m) => ({ default: m.DeviceOverviewPage })),
  simCards: () => import('./pages/sim-cards-page.tsx').then((m) => ({ default: m.SimCardsPage })),
};
