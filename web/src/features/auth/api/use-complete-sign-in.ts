import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authEndpoints, type LoginData } from '@console/contract/http/auth';
import { DASHBOARD_ROLE } from '@console/contract/access/auth';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { emitApiEvent } from '../../../lib/api-events.ts';
import { messageText } from '../../../lib/form-rules.ts';
import { currentLang, i18n } from '../../../lib/i18n.ts';
import { clearSession, signedInSession, updateSession } from '../../../lib/session.ts';
import { userInfoQuery } from '../../../lib/shared-queries.ts';
import { signOut } from '../../../lib/sign-out.ts';

export type SignInKind = 'console' | 'dashboard';

/**
 * The second half of every sign-in (password, QR code, data screen): read the user info with the new token,
 * refuse role 0 ('no permission to login') and, on the data-screen door, any role but 4; then keep the
 * session as spec section 6 lists it. Answers whether the user is now signed in.
 */
export function useCompleteSignIn(): (login: LoginData, kind: SignInKind) => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(
    async (login: LoginData, kind: SignInKind) => {
      queryClient.clear();
      clearSession();
      // Not yet signed in (isLogin stays false), but the user-info call must carry this token.
      updateSession({ token: login.token });
      const refuse = async (text: string) => {
        if (text) emitApiEvent({ type: 'error', message: text, network: false });
        await signOut(queryClient);
        return false;
      };
      let info;
      try {
        info = await queryClient.fetchQuery(endpointQuery(authEndpoints.getUserInfo, { token: login.token }));
      } catch {
        // The client has toasted the server's reason (role 0 gets 'no permission to login').
        return refuse('');
      }
      if (!info.role) return refuse(messageText('auth.noPermissionToLogin'));
      if (kind === 'dashboard' && info.role !== DASHBOARD_ROLE)
        return refuse(i18n.t('auth:dashboardLogin.noPermission'));
      updateSession(signedInSession(login, kind, currentLang()));
      queryClient.setQueryData(userInfoQuery().queryKey, info);
      return true;
    },
    [queryClient],
  );
}
