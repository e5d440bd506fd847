import type { UiLang } from '@console/contract/codes/ui-lang';

type Load = () => Promise<unknown>;

/** What `virtual:route-pages` holds (build/route-preloads.ts): loaders of each page, the shell and the texts. */
export interface RoutePages {
  shell: Load;
  texts: Record<UiLang, Load>;
  /** By address in lower case. */
  pages: Record<string, { load: Load; shell: boolean; public: boolean }>;
}

/**
 * The loads the console's page at this address starts with: the texts of the language shown, the page's code and
 * the shell around it. A page the visitor may not open yet (signed out, not public) gets only the texts: the access
 * rules send them elsewhere. Addresses match as the router's do: in any case, a trailing slash ignored.
 */
export function routeLoads(routes: RoutePages, pathname: string, lang: UiLang, signedIn: boolean): Load[] {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const page = routes.pages[path];
  const loads = [routes.texts[lang]];
  if (page && (signedIn || page.public)) loads.push(page.load, ...(page.shell ? [routes.shell] : []));
  return loads;
}
