import type { leaseChangeScreens } from '@console/contract/screens/lease-changes';
import type { ScreenPages } from '../../lib/screen-pages.ts';

const detail = () => import('./pages/change-detail-page.tsx').then((m) => ({ default: m.ChangeDetailPage }));

export const pages: ScreenPages<typeof leaseChangeScreens> = {
  contractChangeRecord: () => import('./pages/change-list-page.tsx').then((m) => ({ default: m.ChangeListPage })),
  addChangeContract: () => import('./pages/change-form-page.tsx').then((m) => ({ default: m.ChangeFormPage })),
  contractChangeDetail: detail,
  // The spec's spelling of the same page (decision 041).
  ontractChangeDetail: detail,
};
