import type { AppRoute } from '../../lib/app-route.ts';

/** The sign-in pages: full screen, outside the shell, and public (spec section 2). */
export const routes: AppRoute[] = [
  {
    path: '/login',
    title: 'auth:login.title',
    page: () => import('./pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
    isPublic: true,
    inLayout: false,
  },
  {
    path: '/register',
    title: 'auth:register.title',
    page: () => import('./pages/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
    isPublic: true,
    inLayout: false,
  },
  {
    path: '/reset',
    title: 'auth:reset.title',
    page: () => import('./pages/reset-page.tsx').then((m) => ({ default: m.ResetPage })),
    isPublic: true,
    inLayout: false,
  },
  {
    path: '/dropAccount',
    title: 'auth:drop.title',
    page: () => import('./pages/drop-account-page.tsx').then((m) => ({ default: m.DropAccountPage })),
    isPublic: true,
    inLayout: false,
  },
  {
    path: '/loginForDashboard',
    title: 'auth:dashboardLogin.title',
    page: () => import('./pages/login-for-dashboard-page.tsx').then((m) => ({ default: m.LoginForDashboardPage })),
    isPublic: true,
    inLayout: false,
  },
  {
    path: '/test/list',
    title: 'auth:sms.title',
    page: () => import('./pages/sms-outbox-page.tsx').then((m) => ({ default: m.SmsOutboxPage })),
    isPublic: true,
    inLayout: false,
  },
];
