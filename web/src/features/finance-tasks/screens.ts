import type { financeTaskScreens } from '@console/contract/screens/finance-tasks';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof financeTaskScreens> = {
  mission: () => import('./pages/tasks-page.tsx').then((m) => ({ default: m.TasksPage })),
};
