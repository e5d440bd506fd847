// First, before any module builds or uses a schema.
import './lib/zod-config.ts';
import { getSession } from './lib/session.ts';
import { openSignIn, signInPageOf } from './sign-in/boot.ts';

/** The console (antd, the router, every page) loads only for a page that needs it (decision 060). */
function startConsole(beforeRender?: () => void): void {
  void import('./console.tsx').then((m) => m.startConsole(beforeRender));
}

// A signed-out visitor of a sign-in page gets it without the console: plain React and the few texts it shows.
const signInPage = signInPageOf(window.location.pathname, getSession());
if (signInPage) openSignIn(signInPage, startConsole);
else startConsole();
