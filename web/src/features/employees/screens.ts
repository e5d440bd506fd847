import type { employeeScreens } from '@console/contract/screens/employees';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof employeeScreens> = {
  list: () => import('./pages/employees-page.tsx').then((m) => ({ default: m.EmployeesPage })),
  invite: () => import('./pages/accept-invitation-page.tsx').then((m) => ({ default: m.AcceptInvitationPage })),
};
