import { DROP_DECIDERS } from '../access/drop-requests.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** The queue of account deletion requests (docs/decisions/065-operator-onboarding.md). */
export const dropRequestScreens = defineScreens({
  dropRequests: {
    path: '/userManagement/dropRequests',
    title: 'drop-requests:title',
    query: { state: 'string' },
  },
});

export const dropRequestMenu: AreaMenu<typeof dropRequestScreens> = [
  { screen: 'dropRequests', group: 'users', order: 40, title: 'dropRequests', icon: 'user', roles: DROP_DECIDERS },
];
