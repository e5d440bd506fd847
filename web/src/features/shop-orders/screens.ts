import type { shopOrderScreens } from '@console/contract/screens/shop-orders';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof shopOrderScreens> = {
  order: () => import('./pages/orders-page.tsx').then((m) => ({ default: m.OrdersPage })),
};
