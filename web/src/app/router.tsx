import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { AppRoute } from '../lib/app-route.ts';
import { RootRoute } from './root-route.tsx';
import { appRoutes } from './routes.ts';

// One lazy component per route, made once: each page's code loads when it is first opened, so the
// sign-in page carries none of the shell's pages.
const pages = new Map<string, ComponentType>(appRoutes.map((r) => [r.path, lazy(r.page)]));

// The shell too: a visitor who only signs in never downloads it.
const ShellLayout = lazy(() => import('./shell/shell-layout.tsx').then((m) => ({ default: m.ShellLayout })));

function toRouteObject(route: AppRoute): RouteObject {
  const Page = pages.get(route.path)!;
  // The AppRoute rides along as the match's handle: the guard, title, breadcrumb and keep-alive read it.
  return { path: route.path, element: <Page />, handle: route };
}

export function buildRoutes(routes: AppRoute[]): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      children: [
        ...routes.filter((r) => r.inLayout === false).map(toRouteObject),
        { element: <ShellLayout />, children: routes.filter((r) => r.inLayout !== false).map(toRouteObject) },
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRoutes(appRoutes));
