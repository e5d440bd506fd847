import type { leaseHandoverScreens } from '@console/contract/screens/lease';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof leaseHandoverScreens> = {
  entryMng: () => import('./pages/handover-list-page.tsx').then((m) => ({ default: m.EntryListPage })),
  enterDetail: () => import('./pages/handover-detail-page.tsx').then((m) => ({ default: m.EntryDetailPage })),
  quitMng: () => import('./pages/handover-list-page.tsx').then((m) => ({ default: m.ExitListPage })),
  quitDetail: () => import('./pages/handover-detail-page.tsx').then((m) => ({ default: m.ExitDetailPage })),
  deviceLeasePeriod: () => import('./pages/lease-period-page.tsx').then((m) => ({ default: m.LeasePeriodPage })),
};
