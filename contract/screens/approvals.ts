import { BIND_DECIDERS } from '../access/approvals.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Binding approvals (spec /approvalManagement/bind; docs/decisions/047-bindings-and-verification.md): the binding
 * requests, and the verification review on a second tab (the operator's staff only).
 */
export const approvalScreens = defineScreens({
  bind: {
    path: '/approvalManagement/bind',
    title: 'approvals:title',
    query: { tab: ['bind', 'verification'] },
    keepAlive: true,
  },
});

export const approvalMenu: AreaMenu<typeof approvalScreens> = [
  { screen: 'bind', group: 'approvals', order: 5, title: 'bindApprovals', icon: 'audit', roles: BIND_DECIDERS },
];
