import { ACTIVITY_EDITORS } from '../access/activities.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Activities and message push (docs/decisions/056-activities-and-push.md). */
export const activityScreens = defineScreens({
  activityManagement: {
    path: '/approvalManagement/activityManagement',
    title: 'activities:title',
    keepAlive: true,
  },
});

export const activityMenu: AreaMenu<typeof activityScreens> = [
  {
    screen: 'activityManagement',
    group: 'approvals',
    order: 30,
    title: 'activityManagement',
    icon: 'schedule',
    roles: ACTIVITY_EDITORS,
  },
];
