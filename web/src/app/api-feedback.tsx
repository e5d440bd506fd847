import { useEffect, useState } from 'react';
import { App, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onApiEvent } from '../lib/api-events.ts';
import { loginPathFor } from '../lib/redirect.ts';
import { clearSession } from '../lib/session.ts';
import { isPublicPath } from './access.ts';
import { href } from '@console/contract/screens/screen';
import { authScreens } from '@console/contract/screens/auth';
import { homeScreens } from '@console/contract/screens/home';

/** Spec section 8: a network or HTTP error stays 5 seconds. */
const NETWORK_ERROR_SECONDS = 5;

/**
 * What the API client reports, shown once for the whole console: the loading overlay while requests are
 * outstanding (reference-counted), error toasts, and the way back to sign-in when the session has ended.
 */
export function ApiFeedback() {
  const { message } = App.useApp();
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);

  useEffect(
    () =>
      onApiEvent((event) => {
        if (event.type === 'pending') setPending((n) => Math.max(0, n + event.delta));
        if (event.type === 'error') {
          const content = event.message || t('common:requestError');
          void message.error(event.network ? { content, duration: NETWORK_ERROR_SECONDS } : content);
        }
        if (event.type === 'logout') {
          clearSession();
          queryClient.clear();
          const { pathname, search } = window.location;
          if (pathname === homeScreens.screen.path) void navigate(href(authScreens.dashboardLogin), { replace: true });
          else if (!isPublicPath(pathname)) void navigate(loginPathFor(pathname + search), { replace: true });
        }
      }),
    [message, t, navigate, queryClient],
  );

  return <Spin fullscreen spinning={pending > 0} description={t('common:loading')} />;
}
