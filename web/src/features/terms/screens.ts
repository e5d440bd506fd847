import type { termsScreens } from '@console/contract/screens/terms';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof termsScreens> = {
  terms: () => import('./pages/terms-page.tsx').then((m) => ({ default: m.TermsPage })),
};
