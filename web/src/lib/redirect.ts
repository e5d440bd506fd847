import { authScreens } from '@console/contract/screens/auth';
import { href } from '@console/contract/screens/screen';

/**
 * The `redirect` a sign-in page returns to: only a path of this console (never `//host` or a URL), so a
 * crafted link cannot send a user elsewhere after they sign in.
 */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The sign-in page that brings the user back to `path` (spec: after logout, /login?redirect=<current path>). */
export function loginPathFor(path: string): string {
  return href(authScreens.login, { redirect: path });
}
