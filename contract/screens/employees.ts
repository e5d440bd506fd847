import { ADMIN_ROLES } from '../codes/roles.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/** Employee management for the organisation administrators (roles 2 and 5). */
export const employeeScreens = defineScreens({
  list: { path: '/employeeManagement/all', title: 'employees:title' },
});

export const employeeMenu: AreaMenu<typeof employeeScreens> = [
  { screen: 'list', group: 'employees', order: 10, title: 'employeeList', icon: 'user', roles: ADMIN_ROLES },
];
