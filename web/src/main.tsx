import { askEarly } from './lib/early-calls.ts';
import { CONSOLE_READS, firstReads } from './lib/first-reads.ts';
import { loadSession } from './lib/session-state.ts';
import { startLang } from './lib/start-lang.ts';
import { signInPageOf } from './sign-in/page-of.ts';
import { loadTexts } from './sign-in/texts.ts';

/*
 * The page's entry: a few KB that choose the start and ask for what it reads first, without waiting for React, zod
 * or the contract's schemas, which the chosen start loads (decision 060). Neither start's code is in it.
 */

/**
 * The console (antd, the router, every page) loads only for a page that needs it (decision 060). While its code
 * loads, the page's own code, styles and texts load beside it, and what it reads first is asked for: the brand, the
 * signed-in user and the page's first data.
 */
function startConsole(beforeRender?: () => void): void {
  // As saved for this tab: after a sign-in on this page too (the sign-in page saves the session it makes).
  const { token, isLogin } = loadSession();
  const { pathname, search } = window.location;
  const lang = startLang();
  const first = token
    ? [CONSOLE_READS.brand, CONSOLE_READS.user, ...firstReads(pathname, search)]
    : [CONSOLE_READS.brand];
  askEarly(first, lang, token);
  void import('./console.tsx').then((m) => m.startConsole(beforeRender));
  void import('./lib/route-preload-start.ts').then((m) => m.preloadRoute(pathname, lang, isLogin && !!token));
}

// A signed-out visitor of a sign-in page gets it without the console: plain React and the few texts it shows. Its
// texts and the brand are asked for beside its code.
const signInPage = signInPageOf(window.location.pathname, loadSession());
if (signInPage) {
  const lang = startLang();
  askEarly([CONSOLE_READS.brand], lang, undefined);
  void loadTexts(lang);
  void import('./sign-in/boot.ts').then((m) => m.openSignIn(signInPage, startConsole));
} else startConsole();
