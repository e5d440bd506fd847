// First, before any module builds or uses a schema.
import './lib/zod-config.ts';
import { authEndpoints } from '@console/contract/http/auth';
import { brandEndpoints } from '@console/contract/http/brand';
import { askEarly } from './lib/early-calls.ts';
import { getSession } from './lib/session.ts';
import { startLang } from './lib/start-lang.ts';
import { openSignIn, signInPageOf } from './sign-in/boot.ts';

/**
 * The console (antd, the router, every page) loads only for a page that needs it (decision 060). The brand and the
 * signed-in user, which it reads first, are asked for while its code loads.
 */
function startConsole(beforeRender?: () => void): void {
  const { token } = getSession();
  const first = token ? [brandEndpoints.metadata.path, authEndpoints.getUserInfo.path] : [brandEndpoints.metadata.path];
  askEarly(first, startLang(), token);
  void import('./console.tsx').then((m) => m.startConsole(beforeRender));
}

// A signed-out visitor of a sign-in page gets it without the console: plain React and the few texts it shows.
const signInPage = signInPageOf(window.location.pathname, getSession());
if (signInPage) openSignIn(signInPage, startConsole);
else startConsole();
