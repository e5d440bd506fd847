import type { authScreens } from '@console/contract/screens/auth';
import type { ScreenPages } from '../../lib/screen-pages.ts';

export const pages: ScreenPages<typeof authScreens> = {
  login: () => import('./pages/sign-in-handoff-page.tsx').then((m) => ({ default: m.SignInHandoffPage })),
  register: () => import('./pages/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
  reset: () => import('./pages/reset-page.tsx').then((m) => ({ default: m.ResetPage })),
  dropAccount: () => import('./pages/drop-account-page.tsx').then((m) => ({ default: m.DropAccountPage })),
  dashboardLogin: () => import('./pages/sign-in-handoff-page.tsx').then((m) => ({ default: m.SignInHandoffPage })),
  smsOutbox: () => import('./pages/sms-outbox-page.tsx').then((m) => ({ default: m.SmsOutboxPage })),
};
