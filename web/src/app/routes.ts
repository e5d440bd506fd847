import { screensByArea } from '@console/contract/screens/all';
import type { AppRoute, PageLoader } from '../lib/screen-pages.ts';

// Each area maps its screens to pages in features/<area>/screens.ts, found at build time.
const featurePages = import.meta.glob<Record<string, PageLoader | null>>('../features/*/screens.ts', {
  eager: true,
  import: 'pages',
});

/** The pages of every area's screens: the features', and the console's own. */
const pagesByArea: Record<string, Record<string, PageLoader | null>> = {
  shell: { notFound: () => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })) },
};
for (const [file, pages] of Object.entries(featurePages)) pagesByArea[/features\/([^/]+)\//.exec(file)![1]!] = pages;

/**
 * Every declared screen that has a page (contract/screens/<area>.ts + features/<area>/screens.ts): the router,
 * breadcrumb, titles and keep-alive read this list. A screen without a page yet is not routed (404).
 */
export const appRoutes: AppRoute[] = Object.entries(screensByArea).flatMap(([area, screens]) =>
  Object.entries(screens).flatMap(([key, screen]) => {
    const page = pagesByArea[area]?.[key];
    return page ? [{ screen, page }] : [];
  }),
);
