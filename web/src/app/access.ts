import { allScreens } from '@console/contract/screens/all';
import { authScreens } from '@console/contract/screens/auth';
import { href } from '@console/contract/screens/screen';
import { loginPathFor, safeRedirect } from '../lib/redirect.ts';

/** Spec section 2: the paths that need no sign-in (the screens declared public). */
export const PUBLIC_PATHS: readonly string[] = allScreens.filter((s) => s.public).map((s) => s.path);

/** Where the alarm bell is hidden: the home dashboard, the data screen and the big screens. */
const DASHBOARD_PATHS: readonly string[] = allScreens.filter((s) => s.dashboard).map((s) => s.path);

/** Screens that also need the dashboard-login marker (spec: /screen). */
const SCREEN_FLAG_PATHS: readonly string[] = allScreens.filter((s) => s.needsScreenFlag).map((s) => s.path);

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}

export function isDashboardPath(pathname: string): boolean {
  return DASHBOARD_PATHS.includes(pathname);
}

export interface AccessState {
  signedIn: boolean;
  /** The dashboard-login marker. */
  screenFlag: string;
}

/** Where the access rules send a visitor of `pathname` (with `search`), or null to let them in. */
export function accessRedirect(pathname: string, search: string, state: AccessState): string | null {
  // Signed in already: to / (spec), or back to where a sign-in was asked for.
  if (pathname === authScreens.login.path && state.signedIn)
    return safeRedirect(new URLSearchParams(search).get('redirect'));
  if (SCREEN_FLAG_PATHS.includes(pathname) && state.screenFlag !== 'yes') return href(authScreens.dashboardLogin);
  if (isPublicPath(pathname) || state.signedIn) return null;
  return loginPathFor(pathname + search);
}
