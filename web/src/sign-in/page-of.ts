import { authScreens } from '@console/contract/screens/auth';
import type { SessionState } from '../lib/session-state.ts';

/** The pages a signed-out visitor gets without the console: the two sign-in doors. */
export type SignInPage = 'login' | 'dashboardLogin';

/**
 * Which sign-in page this address shows without the console, or null (the console's). The data screen's sign-in is
 * shown signed in or not: the console sends a signed-in user without the screen's marker there (app/access.ts), so
 * handing it back to the console would go round in circles. `/login` signed in is the console's, whose access rules
 * take the visitor on to the redirect.
 */
export function signInPageOf(pathname: string, session: Pick<SessionState, 'isLogin' | 'token'>): SignInPage | null {
  if (pathname === authScreens.dashboardLogin.path) return 'dashboardLogin';
  if (session.isLogin && session.token) return null;
  if (pathname === authScreens.login.path) return 'login';
  return null;
}
