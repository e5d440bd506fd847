import type { couponScreens } from '@console/contract/screens/coupons';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof couponScreens> = {
  couponMng: () => import('./pages/coupons-page.tsx').then((m) => ({ default: m.CouponsPage })),
};
