import type { processScreens } from '@console/contract/screens/processes';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof processScreens> = {
  model: () => import('./pages/models-page.tsx').then((m) => ({ default: m.ModelsPage })),
  design: () => import('./pages/design-page.tsx').then((m) => ({ default: m.DesignPage })),
  deploy: () => import('./pages/deploy-page.tsx').then((m) => ({ default: m.DeployPage })),
  formTemplate: () => import('./pages/forms-page.tsx').then((m) => ({ default: m.FormsPage })),
  formCreate: () => import('./pages/form-design-page.tsx').then((m) => ({ default: m.FormDesignPage })),
  form: () => import('./pages/form-detail-page.tsx').then((m) => ({ default: m.FormDetailPage })),
  create: () => import('./pages/create-page.tsx').then((m) => ({ default: m.CreatePage })),
  mine: () => import('./pages/mine-page.tsx').then((m) => ({ default: m.MinePage })),
  todoTask: () => import('./pages/tasks-page.tsx').then((m) => ({ default: m.TodoPage })),
  finishedTask: () => import('./pages/tasks-page.tsx').then((m) => ({ default: m.DonePage })),
  flowDetail: () => import('./pages/flow-detail-page.tsx').then((m) => ({ default: m.FlowDetailPage })),
};
