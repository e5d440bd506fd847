import { ADMIN_ROLES } from '../codes/roles.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Employee management for the organisation administrators (roles 2 and 5): the employees, the invitations sent and
 * the people unbound (decision 048); and the public page where an invitee accepts an invitation.
 */
export const employeeScreens = defineScreens({
  list: {
    path: '/employeeManagement/all',
    title: 'employees:title',
    query: { tab: ['employees', 'invitations', 'former'] },
  },
  invite: {
    path: '/invite',
    title: 'employees:accept.title',
    query: { code: 'string' },
    public: true,
    fullScreen: true,
  },
});

export const employeeMenu: AreaMenu<typeof employeeScreens> = [
  { screen: 'list', group: 'employees', order: 10, title: 'employeeList', icon: 'user', roles: ADMIN_ROLES },
];
