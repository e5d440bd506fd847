import type { dropRequestScreens } from '@console/contract/screens/drop-requests';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof dropRequestScreens> = {
  dropRequests: () => import('./pages/drop-requests-page.tsx').then((m) => ({ default: m.DropRequestsPage })),
};
