import type { leaseSubleaseScreens } from '@console/contract/screens/lease-sublease';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof leaseSubleaseScreens> = {
  sublessors: () => import('./pages/sublessors-page.tsx').then((m) => ({ default: m.SublessorsPage })),
  editSublessor: () => import('./pages/edit-sublessor-page.tsx').then((m) => ({ default: m.EditSublessorPage })),
  sublessorDetail: () => import('./pages/sublessor-detail-page.tsx').then((m) => ({ default: m.SublessorDetailPage })),
  addSubDevice: () => import('./pages/add-sub-device-page.tsx').then((m) => ({ default: m.AddSubDevicePage })),
  subleases: () => import('./pages/subleases-page.tsx').then((m) => ({ default: m.SubleasesPage })),
  subleaseDetail: () => import('./pages/sublease-detail-page.tsx').then((m) => ({ default: m.SubleaseDetailPage })),
};
