import type { renewalScreens } from '@console/contract/screens/renewals';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof renewalScreens> = {
  renewDevice: () => import('./pages/renew-page.tsx').then((m) => ({ default: m.RenewPage })),
};
