import type { productScreens } from '@console/contract/screens/products';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof productScreens> = {
  productSet: () => import('./pages/product-set-page.tsx').then((m) => ({ default: m.ProductSetPage })),
};
