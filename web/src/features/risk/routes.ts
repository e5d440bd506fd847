import type { AppRoute } from '../../lib/app-route.ts';

/** Risk control: lock tasks, risk records, lock day settings. */
export const routes: AppRoute[] = [
  {
    path: '/riskManagement/index',
    title: 'risk:tasks.title',
    page: () => import('./pages/tasks-page.tsx').then((m) => ({ default: m.TasksPage })),
    inLayout: true,
  },
  {
    path: '/riskManagement/task',
    title: 'risk:detail.routeTitle',
    page: () => import('./pages/task-detail-page.tsx').then((m) => ({ default: m.TaskDetailPage })),
    inLayout: true,
  },
  {
    path: '/riskManagement/history',
    title: 'risk:records.title',
    page: () => import('./pages/records-page.tsx').then((m) => ({ default: m.RecordsPage })),
    inLayout: true,
  },
  {
    path: '/riskManagement/lockDays',
    title: 'risk:lockDays.title',
    page: () => import('./pages/lock-days-page.tsx').then((m) => ({ default: m.LockDaysPage })),
    inLayout: true,
  },
];
