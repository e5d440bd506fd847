import type { ComponentType } from 'react';

/**
 * One console route, declared by its area in `features/<area>/routes.ts`. The app assembles the router,
 * the breadcrumb and the page title from these; the server's menu urls point at these paths.
 */
export interface AppRoute {
  /** Absolute path, e.g. `/employeeManagement/all`. */
  path: string;
  /** i18n key of the page title, `<area>:<key>` (e.g. `employees:title`). */
  title: string;
  page: () => Promise<{ default: ComponentType }>;
  /** Reachable without signing in (spec section 2's list). */
  isPublic?: boolean;
  /** Rendered inside the shell (sidebar, top bar); false for full-screen pages such as /login. */
  inLayout?: boolean;
  /** Skipped by the breadcrumb. */
  hidden?: boolean;
  /** Route role tags of the spec: `screen` for /screen, `bigScreen` for the big screens. */
  tag?: 'screen' | 'bigScreen';
  /** Kept mounted when the user navigates away and back (spec: "kept alive"). */
  keepAlive?: boolean;
}
