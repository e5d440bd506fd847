import type { AppRoute } from '../../lib/app-route.ts';

/** Maintenance work orders and technicians, under the alarms and maintenance group (spec /warning). */
export const routes: AppRoute[] = [
  {
    path: '/warning/ticket',
    title: 'work-orders:list.title',
    page: () => import('./pages/work-orders-page.tsx').then((m) => ({ default: m.WorkOrdersPage })),
    inLayout: true,
  },
  {
    path: '/warning/ticketDetail',
    title: 'work-orders:detail.routeTitle',
    page: () => import('./pages/work-order-detail-page.tsx').then((m) => ({ default: m.WorkOrderDetailPage })),
    inLayout: true,
  },
  {
    path: '/warning/worker',
    title: 'work-orders:technicians.title',
    page: () => import('./pages/technicians-page.tsx').then((m) => ({ default: m.TechniciansPage })),
    inLayout: true,
  },
];
