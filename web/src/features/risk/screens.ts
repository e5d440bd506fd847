import type { riskScreens } from '@console/contract/screens/risk';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof riskScreens> = {
  tasks: () => import('./pages/tasks-page.tsx').then((m) => ({ default: m.TasksPage })),
  task: () => import('./pages/task-detail-page.tsx').then((m) => ({ default: m.TaskDetailPage })),
  records: () => import('./pages/records-page.tsx').then((m) => ({ default: m.RecordsPage })),
  lockDays: () => import('./pages/lock-days-page.tsx').then((m) => ({ default: m.LockDaysPage })),
};
