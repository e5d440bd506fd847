import type { UiLang } from '@console/contract/codes/ui-lang';
import * as routes from 'virtual:route-pages';
import { routeLoads } from './route-preloads.ts';

/**
 * Starts loading the console's page at this address, its shell and its texts (decision 060), while the console's
 * own code loads: the router and i18n find them loaded (a module loads once). A failure is left to them.
 */
export function preloadRoute(pathname: string, lang: UiLang, signedIn: boolean): void {
  for (const load of routeLoads(routes, pathname, lang, signedIn)) load().catch(() => undefined);
}
