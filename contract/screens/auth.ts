import { defineScreens } from './screen.ts';

/** The sign-in pages: full screen, outside the shell, and public (spec section 2). */
export const authScreens = defineScreens({
  login: { path: '/login', title: 'auth:login.title', query: { redirect: 'string' }, public: true, fullScreen: true },
  register: { path: '/register', title: 'auth:register.title', public: true, fullScreen: true },
  reset: { path: '/reset', title: 'auth:reset.title', public: true, fullScreen: true },
  dropAccount: { path: '/dropAccount', title: 'auth:drop.title', public: true, fullScreen: true },
  dashboardLogin: { path: '/loginForDashboard', title: 'auth:dashboardLogin.title', public: true, fullScreen: true },
  /** The SMS outbox where codes land when no SMS gateway is configured. */
  smsOutbox: {
    path: '/test/list',
    title: 'auth:sms.title',
    query: { mobile: 'string' },
    public: true,
    fullScreen: true,
  },
});
