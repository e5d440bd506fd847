import { lazy } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { href } from '@console/contract/screens/screen';
import { dashboardScreens } from '@console/contract/screens/dashboard';
import { shellScreens } from '@console/contract/screens/shell';
import type { AppRoute } from '../lib/screen-pages.ts';
import { getSession } from '../lib/session.ts';
import { RootRoute } from './root-route.tsx';
import { appRoutes } from './routes.ts';

// The shell: a visitor who only signs in never downloads it.
const ShellLayout = lazy(() => import('./shell/shell-layout.tsx').then((m) => ({ default: m.ShellLayout })));

function toRouteObject({ screen, page }: AppRoute): RouteObject {
  // One lazy component per route, made once: each page's code loads when it is first opened, so the
  // sign-in page carries none of the shell's pages.
  const Page = lazy(page);
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
 */
function prefetchOpenedPage(routes: AppRoute[]) {
  const opened = routes.find((r) => matchPath(r.screen.path, window.location.pathname));
  if (!opened || !(opened.screen.public || getSession().isLogin)) return;
  void opened.page();
  if (!opened.screen.fullScreen) void import('./shell/shell-layout.tsx');
}

prefetchOpenedPage(appRoutes);
export const router = createBrowserRouter(buildRoutes(appRoutes));
