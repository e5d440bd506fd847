import type { workOrderScreens } from '@console/contract/screens/work-orders';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof workOrderScreens> = {
  list: () => import('./pages/work-orders-page.tsx').then((m) => ({ default: m.WorkOrdersPage })),
  detail: () => import('./pages/work-order-detail-page.tsx').then((m) => ({ default: m.WorkOrderDetailPage })),
  technicians: () => import('./pages/technicians-page.tsx').then((m) => ({ default: m.TechniciansPage })),
};
