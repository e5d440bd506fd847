import type { warningScreens } from '@console/contract/screens/warning';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof warningScreens> = {
  centre: () => import('./pages/alarm-centre-page.tsx').then((m) => ({ default: m.AlarmCentrePage })),
  rules: () => import('./pages/alarm-rules-page.tsx').then((m) => ({ default: m.AlarmRulesPage })),
};
