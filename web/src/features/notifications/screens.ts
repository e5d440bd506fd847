import type { notificationScreens } from '@console/contract/screens/notifications';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof notificationScreens> = {
  rules: () => import('./pages/rules-page.tsx').then((m) => ({ default: m.RulesPage })),
  rule: () => import('./pages/rule-page.tsx').then((m) => ({ default: m.RulePage })),
  log: () => import('./pages/log-page.tsx').then((m) => ({ default: m.LogPage })),
};
