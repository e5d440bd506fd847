import { createContext, useContext, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { QueryOf, Screen } from '@console/contract/screens/screen';
import { readParam, readScreenQuery } from './screen-params.ts';

/**
 * Where a page is: its own path and query. The keep-alive outlet gives each page it keeps mounted its own (the
 * last one it had while shown): a hidden page re-renders under another route's URL (React's Activity renders it
 * at low priority), and reading that URL would make it lose its filters, or remount what it keys by them.
 */
export interface PageLocation {
  pathname: string;
  search: string;
}
export const PageLocationContext = createContext<PageLocation | null>(null);

/** The page's own location: the kept one when the keep-alive outlet gives one, else the router's. */
export function usePageLocation(): PageLocation {
  const routed = useLocation();
  return useContext(PageLocationContext) ?? routed;
}

/** A page kept mounted: its element and the location it last had while shown. */
export interface KeptPage {
  element: ReactNode;
  location: PageLocation;
}

/**
 * The kept pages after a render at `location`: the shown page (kept alive) is added, or its location follows the
 * URL; the hidden ones keep theirs. The same map when nothing changed (no re-render).
 */
export function keepPages(
  kept: ReadonlyMap<string, KeptPage>,
  location: PageLocation,
  keepThis: boolean,
  element: ReactNode,
): ReadonlyMap<string, KeptPage> {
  if (!keepThis) return kept;
  const page = kept.get(location.pathname);
  if (page && page.location.search === location.search) return kept;
  return new Map(kept).set(location.pathname, {
    element: page?.element ?? element,
    location: { pathname: location.pathname, search: location.search },
  });
}

export type QueryPatch = Record<string, string | number | undefined | null>;

/**
 * The page's URL query, and a setter that changes some parameters of it (empty values dropped, the others kept).
 * The one reader of the query under every page: `useScreenQuery` types it by the screen, ListPage's
 * `useListParams` keeps its filters and paging in it.
 */
export function usePageSearch() {
  const { pathname, search } = usePageLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const update = (patch: QueryPatch, options: { replace?: boolean } = {}) => {
    // From the address as it is now when the page is shown: a handler kept from an earlier render (antd's tabs
    // keep theirs) would otherwise bring back what was changed since.
    const shown = typeof window !== 'undefined' && window.location.pathname === pathname;
    const next = new URLSearchParams(shown ? window.location.search : search);
    for (const [key, value] of Object.entries(patch)) {
      const text = value === undefined || value === null ? '' : String(value).trim();
      if (text === '') next.delete(key);
      else next.set(key, text);
    }
    const query = next.toString();
    // To the page's own path: a page never moves the user to another one by changing its query.
    navigate({ pathname, search: query ? `?${query}` : '' }, { replace: options.replace });
  };
  return { params, update };
}

/**
 * A page's URL query typed by its screen's declaration, e.g. `useScreenQuery(deviceScreens.overview)` gives
 * `{ query: { kind?: string }, update }`; `update({ kind: 'forklift' })` changes that parameter and keeps the
 * others. A page kept alive reads its own last query while hidden (see PageLocation).
 */
export function useScreenQuery<S extends Screen>(screen: S) {
  const { params, update } = usePageSearch();
  return {
    query: readScreenQuery(screen, params),
    /** A declared parameter is in the URL but not of its type (a detail's `id=abc`): the page answers not found. */
    malformed: Object.entries(screen.query ?? {}).some(
      ([key, type]) => !!params.get(key) && readParam(type, params.get(key)) === undefined,
    ),
    update: update as (
      patch: { [K in keyof QueryOf<S>]?: QueryOf<S>[K] | null },
      options?: { replace?: boolean },
    ) => void,
  };
}
