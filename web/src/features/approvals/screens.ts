import type { approvalScreens } from '@console/contract/screens/approvals';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof approvalScreens> = {
  bind: () => import('./pages/approvals-page.tsx').then((m) => ({ default: m.ApprovalsPage })),
};
