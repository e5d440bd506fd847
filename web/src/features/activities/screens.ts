import type { activityScreens } from '@console/contract/screens/activities';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof activityScreens> = {
  activityManagement: () => import('./pages/activities-page.tsx').then((m) => ({ default: m.ActivitiesPage })),
};
