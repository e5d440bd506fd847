import type { AppRoute } from '../../lib/app-route.ts';

/** The expert library: fault cases, searched and read when repairing. */
export const routes: AppRoute[] = [
  {
    path: '/approvalManagement/caselibrary',
    title: 'cases:title',
    page: () => import('./pages/case-library-page.tsx').then((m) => ({ default: m.CaseLibraryPage })),
    inLayout: true,
  },
  {
    path: '/approvalManagement/caselibraryDetail',
    title: 'cases:detailTitle',
    page: () => import('./pages/case-detail-page.tsx').then((m) => ({ default: m.CaseDetailPage })),
    inLayout: true,
  },
];
