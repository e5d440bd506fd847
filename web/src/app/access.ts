import { loginPathFor, safeRedirect } from '../lib/redirect.ts';

/** Spec section 2: the paths that need no sign-in. */
export const PUBLIC_PATHS = [
  '/login',
  '/register',
  '/test/list',
  '/loginForDashboard',
  '/screen',
  '/reset',
  '/contract/export',
  '/dropAccount',
] as const;

/** Where the alarm bell is hidden: the home dashboard, the data screen and the big screens. */
const DASHBOARD_PATHS = [
  '/dashboard',
  '/screen',
  '/screenDetail',
  '/screenDeviceList',
  '/bigScreen',
  '/jdBigScreen',
  '/leaseBigScreen',
  '/surveyBigScreen',
];

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
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
  if (pathname === '/login' && state.signedIn) return safeRedirect(new URLSearchParams(search).get('redirect'));
  if (pathname === '/screen' && state.screenFlag !== 'yes') return '/loginForDashboard';
  if (isPublicPath(pathname) || state.signedIn) return null;
  return loginPathFor(pathname + search);
}
