import { CUSTOMER_READERS, DISTRIBUTOR_MANAGERS } from '../access/customers.ts';
import { USER_READERS } from '../access/users.ts';
import { defineScreens, type AreaMenu } from './screen.ts';

/**
 * Customers and distributors (spec /customerManagement and /userManagement/distributor; decision 043): the customer
 * list, a customer's page (`list`: edit, machines, distributor) and a distributor's (`distributorDialog`); the
 * accounts (`/userManagement/all`, the customers' people at `/custom`).
 */
export const customerScreens = defineScreens({
  customers: { path: '/customerManagement/all', title: 'customers:customers.title', keepAlive: true },
  customer: { path: '/customerManagement/list', title: 'customers:customers.detailTitle', query: { id: 'id' } },
  distributors: { path: '/userManagement/distributor', title: 'customers:distributors.title' },
  users: { path: '/userManagement/all', title: 'customers:users.title' },
  customerUsers: { path: '/userManagement/custom', title: 'customers:users.customTitle' },
  distributor: {
    path: '/customerManagement/distributorDialog',
    title: 'customers:distributors.detailTitle',
    query: { id: 'id' },
  },
});

export const customerMenu: AreaMenu<typeof customerScreens> = [
  {
    screen: 'customers',
    group: 'customers',
    order: 10,
    title: 'customerList',
    icon: 'solution',
    roles: CUSTOMER_READERS,
  },
  { screen: 'users', group: 'users', order: 10, title: 'allUsers', icon: 'user', roles: USER_READERS },
  { screen: 'customerUsers', group: 'users', order: 20, title: 'customerUsers', icon: 'idcard', roles: USER_READERS },
  {
    screen: 'distributors',
    group: 'users',
    order: 30,
    title: 'distributors',
    icon: 'cluster',
    roles: DISTRIBUTOR_MANAGERS,
  },
];
