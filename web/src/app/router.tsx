import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { href } from '@console/contract/screens/screen';
import { dashboardScreens } from '@console/contract/screens/dashboard';
import { shellScreens } from '@console/contract/screens/shell';
import { dropEarly } from '../lib/early-calls.ts';
import type { AppRoute, PageLoader } from '../lib/screen-pages.ts';
import { getSession } from '../lib/session.ts';
import { RootRoute } from './root-route.tsx';
import { appRoutes } from './routes.ts';

/**
 * A component's code, loaded once: `load` starts it (the opened page's is started before the first render), and the
 * lazy component renders at once when it is in. React's lazy shows its fallback for a render while the promise of a
 * loaded module settles; a settled load is handed over as a thenable that answers at once.
 */
function loadedOnce(load: PageLoader) {
  let loaded: { default: ComponentType } | undefined;
  let loading: ReturnType<PageLoader> | undefined;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const component = lazy(() => (loaded ? settled(loaded) : start()));
  return { start, component };
}

/** A thenable that hands over its module as soon as React asks (React's lazy then renders it at once). */
function settled(module: { default: ComponentType }): ReturnType<PageLoader> {
  return { then: (take: (m: typeof module) => void) => take(module) } as unknown as ReturnType<PageLoader>;
}

// The shell: a visitor who only signs in never downloads it.
const shell = loadedOnce(() => import('./shell/shell-layout.tsx').then((m) => ({ default: m.ShellLayout })));
const ShellLayout = shell.component;
/** Each route's page code, by path. */
const pageCode = new Map<string, ReturnType<typeof loadedOnce>>();

function toRouteObject({ screen, page }: AppRoute): RouteObject {
  // One lazy component per route, made once: each page's code loads when it is first opened, so the
  // sign-in page carries none of the shell's pages.
  const code = loadedOnce(page);
  pageCode.set(screen.path, code);
  const Page = code.component;
  // The screen rides along as the match's handle: the title, breadcrumb and keep-alive read it.
  return { path: screen.path, element: <Page />, handle: screen };
}

export function buildRoutes(routes: AppRoute[]): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      children: [
        ...routes.filter((r) => r.screen.fullScreen).map(toRouteObject),
        { element: <ShellLayout />, children: routes.filter((r) => !r.screen.fullScreen).map(toRouteObject) },
        { path: '/', element: <Navigate to={href(dashboardScreens.home)} replace /> },
        { path: '*', element: <Navigate to={href(shellScreens.notFound)} replace /> },
      ],
    },
  ];
}

/**
 * The code of the page the address names starts loading now, beside the texts and the brand, rather than after
 * the first render; the lazy component then finds it fetched (the browser loads a module once). Only a page the
 * visitor may open: a signed-out visitor is sent to the sign-in page, which must not wait behind another's code.
 * Settles once that code (with the shell's) is in, or has failed: a failed load is the lazy component's to show.
 */
function prefetchOpenedPage(routes: AppRoute[]): Promise<unknown> {
  const opened = routes.find((r) => matchPath(r.screen.path, window.location.pathname));
  if (!opened || !(opened.screen.public || getSession().isLogin)) return Promise.resolve();
  const loads = [pageCode.get(opened.screen.path)?.start(), opened.screen.fullScreen ? undefined : shell.start()];
  return Promise.all(loads.map((load) => load?.catch(() => undefined)));
}

export const router = createBrowserRouter(buildRoutes(appRoutes));
/**
 * The opened page's code, in: the console's first render waits for it (console.tsx). Drawn before it, the page would
 * show its loading spinner, and React holds a page back for up to 300 ms after a spinner so that they do not flash.
 */
export const openedPageLoaded = prefetchOpenedPage(appRoutes);

// The answers the entry asked for early are of the address the console opened at: once it changes, a read of the
// new page asks anew rather than take one of them (lib/early-calls.ts).
const openedAt = router.state.location.key;
const stopWatching = router.subscribe(({ location }) => {
  if (location.key === openedAt) return;
  dropEarly();
  stopWatching();
});
