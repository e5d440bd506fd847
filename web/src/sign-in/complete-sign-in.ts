import type { UiLang } from '@console/contract/codes/ui-lang';
import { authEndpoints, type LoginData } from '@console/contract/http/auth';
import { DASHBOARD_ROLE } from '@console/contract/access/auth';
import { clearSession, getSession, signedInSession, updateSession } from '../lib/session.ts';
import { call, CallFailure } from './api.ts';
import { messageText, type Translate } from './texts.ts';

export type SignInKind = 'console' | 'dashboard';

/**
 * The second half of a sign-in (password or QR code), as the console's (features/auth/api/use-complete-sign-in.ts):
 * read the user info with the new token, refuse role 0 ('no permission to login') and, on the data-screen door, any
 * role but 4; then keep the session as spec section 6 lists it. Throws the refusal's text for the page to show.
 */
export async function completeSignIn(login: LoginData, kind: SignInKind, lang: UiLang, t: Translate): Promise<void> {
  clearSession();
  // Not yet signed in (isLogin stays false), but the user-info call must carry this token.
  updateSession({ token: login.token });
  const refuse = async (text: string) => {
    // The token dies on the server too: the user is not let in.
    await call(authEndpoints.logout, { token: login.token }, { lang, token: login.token }).catch(() => undefined);
    clearSession();
    throw new CallFailure('refused', text, null);
  };
  let info;
  try {
    info = await call(authEndpoints.getUserInfo, { token: login.token }, { lang, token: getSession().token });
  } catch (error) {
    // The server's reason: role 0 gets 'no permission to login'.
    return refuse(error instanceof Error && error.message ? error.message : t('common:requestError'));
  }
  if (!info.role) return refuse(messageText(t, 'auth.noPermissionToLogin'));
  if (kind === 'dashboard' && info.role !== DASHBOARD_ROLE) return refuse(t('auth:dashboardLogin.noPermission'));
  updateSession(signedInSession(login, kind, lang));
}
