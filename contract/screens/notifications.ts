import { NOTIFY_READERS } from '../access/notifications.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Notification rules and the delivery log, beside the alarm rules (docs/decisions/071-notifications.md). */
export const notificationScreens = defineScreens({
  rules: { path: '/warning/notifyRules', title: 'notifications:rules.title' },
  rule: { path: '/warning/notifyRule', title: 'notifications:rulePage.title', query: { id: 'id' } },
  log: { path: '/warning/notifyLog', title: 'notifications:log.title', query: { ruleId: 'number' } },
});

export const notificationMenu: AreaMenu<typeof notificationScreens> = [
  { screen: 'rules', group: 'warning', order: 22, title: 'notifyRules', icon: 'alert', roles: NOTIFY_READERS },
  { screen: 'log', group: 'warning', order: 24, title: 'notifyLog', icon: 'profile', roles: NOTIFY_READERS },
];
