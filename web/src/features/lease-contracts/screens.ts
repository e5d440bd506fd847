import type { leaseContractScreens } from '@console/contract/screens/lease';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof leaseContractScreens> = {
  contractMng: () => import('./pages/contract-list-page.tsx').then((m) => ({ default: m.ContractListPage })),
  addContract: () => import('./pages/contract-form-page.tsx').then((m) => ({ default: m.ContractFormPage })),
  contractDetail: () => import('./pages/contract-detail-page.tsx').then((m) => ({ default: m.ContractDetailPage })),
  contractExport: () => import('./pages/contract-export-page.tsx').then((m) => ({ default: m.ContractExportPage })),
};
