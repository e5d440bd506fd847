import type { AppRoute } from '../../lib/app-route.ts';

/** Alarms: the alarm centre (spec /warning/all) and the thresholds that raise alarms. */
export const routes: AppRoute[] = [
  {
    path: '/warning/all',
    title: 'warning:centre.title',
    page: () => import('./pages/alarm-centre-page.tsx').then((m) => ({ default: m.AlarmCentrePage })),
    inLayout: true,
  },
  {
    path: '/warning/rules',
    title: 'warning:rules.title',
    page: () => import('./pages/alarm-rules-page.tsx').then((m) => ({ default: m.AlarmRulesPage })),
    inLayout: true,
  },
];
