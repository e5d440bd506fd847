import type { AppRoute } from '../../lib/app-route.ts';

/** Employee management for the organisation administrators (roles 2 and 5). */
export const routes: AppRoute[] = [
  {
    path: '/employeeManagement/all',
    title: 'employees:title',
    page: () => import('./pages/employees-page.tsx').then((m) => ({ default: m.EmployeesPage })),
    inLayout: true,
  },
];
