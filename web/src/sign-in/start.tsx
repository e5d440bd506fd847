import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { UiLang } from '@console/contract/codes/ui-lang';
import { homeScreens } from '@console/contract/screens/home';
import { href } from '@console/contract/screens/screen';
import type { Brand } from '../lib/brand-info.ts';
import { safeRedirect } from '../lib/redirect.ts';
import type { SignInPage } from './boot.ts';
import type { SignInKind } from './complete-sign-in.ts';
import { brandTitle, SignInContext, type SignInContextValue } from './context.ts';
import { LoginPage, LoginForDashboardPage } from './pages.tsx';
import { loadTexts, translator, type SignInTexts } from './texts.ts';
import './sign-in.css';

interface StartOptions {
  page: SignInPage;
  lang: UiLang;
  texts: SignInTexts;
  brand: Brand;
  /** Loads and renders the console; `beforeRender` runs once its code and texts are in. */
  startConsole: (beforeRender: () => void) => void;
}

/** Where a sign-in goes, as the console's access rules send it: back to `redirect`, or the data screen. */
function targetOf(kind: SignInKind): string {
  return kind === 'dashboard'
    ? href(homeScreens.screen)
    : safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
}

/** Draws a sign-in page; once the user is signed in the console replaces it at the page it goes to. */
export function startSignIn({ page, lang, texts, brand, startConsole }: StartOptions): void {
  const root = createRoot(document.getElementById('root')!);
  const signedIn = (kind: SignInKind) => {
    // Before the console's code runs: its router starts at the address it finds.
    window.history.replaceState(null, '', targetOf(kind));
    // The sign-in page stays, its button busy, until the console can draw.
    startConsole(() => root.unmount());
  };
  root.render(
    <StrictMode>
      <SignInApp page={page} lang={lang} texts={texts} brand={brand} signedIn={signedIn} />
    </StrictMode>,
  );
}

function SignInApp({
  page,
  brand,
  signedIn,
  ...start
}: Omit<StartOptions, 'startConsole'> & { signedIn: (kind: SignInKind) => void }) {
  const [{ lang, texts }, setShown] = useState({ lang: start.lang, texts: start.texts });
  const [leaving, setLeaving] = useState(false);
  const value: SignInContextValue = useMemo(
    () => ({
      lang,
      t: translator(texts),
      brand,
      leaving,
      signedIn: (kind: SignInKind) => {
        setLeaving(true);
        signedIn(kind);
      },
      switchLang: (next: UiLang) => {
        // Saved as the console saves it (lib/i18n.ts): the console opens in it after the sign-in.
        localStorage.setItem('lang', next);
        void loadTexts(next).then((nextTexts) => setShown({ lang: next, texts: nextTexts }));
      },
    }),
    [lang, texts, brand, signedIn, leaving],
  );
  const title = value.t(page === 'login' ? 'auth:login.title' : 'auth:dashboardLogin.title');
  useEffect(() => {
    document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
    document.title = `${title} - ${brandTitle(value)}`;
  }, [lang, title, value]);
  return <SignInContext value={value}>{page === 'login' ? <LoginPage /> : <LoginForDashboardPage />}</SignInContext>;
}
