import type { leasePartyScreens } from '@console/contract/screens/lease-parties';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof leasePartyScreens> = {
  renters: () => import('./pages/renters-page.tsx').then((m) => ({ default: m.RentersPage })),
  renterDetail: () => import('./pages/renter-detail-page.tsx').then((m) => ({ default: m.RenterDetailPage })),
  stores: () => import('./pages/stores-page.tsx').then((m) => ({ default: m.StoresPage })),
  autoApproval: () => import('./pages/approval-rules-page.tsx').then((m) => ({ default: m.ApprovalRulesPage })),
  esign: () => import('./pages/esign-page.tsx').then((m) => ({ default: m.EsignPage })),
};
