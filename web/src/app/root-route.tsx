import { Suspense, useEffect } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import type { Screen } from '@console/contract/screens/screen';
import { brandTitle, useBrand } from '../lib/brand.ts';
import { currentLang } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import { accessRedirect } from './access.ts';
import { ApiFeedback } from './api-feedback.tsx';

/** The screen of the deepest match that declares one (its declaration rides as the match's handle). */
export function useCurrentScreen(): Screen | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Screen | undefined;
    if (handle?.path) return handle;
  }
  return undefined;
}

/** Translate a title key held as data (screen declarations), which the typed `t` cannot check statically. */
export function useTitleText(): (key: string) => string {
  const { t } = useTranslation(['shell', 'common']);
  return (key) => (t as unknown as (k: string) => string)(key);
}

/** Above every page: the access rules of spec section 2, the page title, the loading overlay and the toasts. */
export function RootRoute() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const brand = useBrand();
  const screen = useCurrentScreen();
  const title = useTitleText();
  const lang = currentLang();
  const target = accessRedirect(pathname, search, {
    signedIn: session.isLogin && !!session.token,
    screenFlag: session.screenFlag,
  });

  const pageTitle = screen ? title(screen.title) : '';
  useEffect(() => {
    const suffix = brandTitle(brand, lang);
    document.title = pageTitle ? `${pageTitle} - ${suffix}` : suffix;
  }, [pageTitle, brand, lang]);

  return (
    <>
      <ApiFeedback />
      {target ? (
        <Navigate to={target} replace />
      ) : (
        <Suspense fallback={<Spin fullscreen />}>
          <Outlet />
        </Suspense>
      )}
    </>
  );
}
