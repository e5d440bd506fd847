import type { analysisScreens } from '@console/contract/screens/analysis';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof analysisScreens> = {
  base: () => import('./pages/base-page.tsx').then((m) => ({ default: m.BasePage })),
  attendance: () => import('./pages/attendance-page.tsx').then((m) => ({ default: m.AttendancePage })),
  construction: () => import('./pages/construction-page.tsx').then((m) => ({ default: m.ConstructionPage })),
};
