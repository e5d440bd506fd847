import type { caseScreens } from '@console/contract/screens/cases';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof caseScreens> = {
  library: () => import('./pages/case-library-page.tsx').then((m) => ({ default: m.CaseLibraryPage })),
  detail: () => import('./pages/case-detail-page.tsx').then((m) => ({ default: m.CaseDetailPage })),
};
