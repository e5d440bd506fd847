import type { customerScreens } from '@console/contract/screens/customers';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof customerScreens> = {
  customers: () => import('./pages/customers-page.tsx').then((m) => ({ default: m.CustomersPage })),
  customer: () => import('./pages/customer-page.tsx').then((m) => ({ default: m.CustomerPage })),
  distributors: () => import('./pages/distributors-page.tsx').then((m) => ({ default: m.DistributorsPage })),
  distributor: () => import('./pages/distributor-page.tsx').then((m) => ({ default: m.DistributorPage })),
  users: () => import('./pages/users-page.tsx').then((m) => ({ default: m.UsersPage })),
  customerUsers: () => import('./pages/users-page.tsx').then((m) => ({ default: m.CustomerUsersPage })),
};
