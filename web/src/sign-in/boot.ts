import type { UiLang } from '@console/contract/codes/ui-lang';
import { brandEndpoints } from '@console/contract/http/brand';
import { authScreens } from '@console/contract/screens/auth';
import { DEFAULT_BRAND, parseBrand, type Brand } from '../lib/brand-info.ts';
import { startLang } from '../lib/start-lang.ts';
import type { SessionState } from '../lib/session.ts';
import { call } from './api.ts';
import { loadTexts } from './texts.ts';

/** The pages a signed-out visitor gets without the console: the two sign-in doors. */
export type SignInPage = 'login' | 'dashboardLogin';

/**
 * Which sign-in page this address shows without the console, or null (the console's). The data screen's sign-in is
 * shown signed in or not: the console sends a signed-in user without the screen's marker there (app/access.ts), so
 * handing it back to the console would go round in circles. `/login` signed in is the console's, whose access rules
 * take the visitor on to the redirect.
 */
export function signInPageOf(pathname: string, session: SessionState): SignInPage | null {
  if (pathname === authScreens.dashboardLogin.path) return 'dashboardLogin';
  if (session.isLogin && session.token) return null;
  if (pathname === authScreens.login.path) return 'login';
  return null;
}

/** The brand of this host from metadata.do; the default when the call fails (spec section 8: silently). */
async function loadBrand(lang: UiLang): Promise<Brand> {
  try {
    return parseBrand(await call(brandEndpoints.metadata, {}, { lang }));
  } catch {
    return DEFAULT_BRAND;
  }
}

/**
 * Opens a sign-in page: its code, its texts and the brand are asked for at once, so the form is drawn one round
 * trip after the entry rather than three. `startConsole` takes over once the user is signed in.
 */
export function openSignIn(page: SignInPage, startConsole: (beforeRender: () => void) => void): void {
  const lang = startLang();
  void Promise.all([import('./start.tsx'), loadTexts(lang), loadBrand(lang)]).then(([{ startSignIn }, texts, brand]) =>
    startSignIn({ page, lang, texts, brand, startConsole }),
  );
}
