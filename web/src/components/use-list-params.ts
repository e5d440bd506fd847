import { usePageSearch } from '../lib/screen-query.ts';

/**
 * A list's state in the URL query, so a filtered, sorted page of a list is a link: `page`, `pageSize`,
 * `sortField`, `sortOrder` and one parameter per filter, all as text (the endpoint's schema coerces). Read through
 * the page's own query (usePageSearch), so a list kept alive keeps its state while another page is shown.
 */
export type ListParams = Record<string, string>;

export const PAGING_KEYS = ['page', 'pageSize', 'sortField', 'sortOrder'] as const;

export function useListParams(defaults: ListParams = {}) {
  const { params: search, update: patchSearch } = usePageSearch();
  const params: ListParams = { ...defaults };
  search.forEach((value, key) => {
    if (value !== '') params[key] = value;
  });

  /** Replace some parameters; empty ones are dropped. `resetPage` goes back to page 1 (a new filter). */
  const update = (patch: Record<string, string | number | undefined | null>, resetPage = false) =>
    patchSearch(resetPage ? { ...patch, page: undefined } : patch);

  return { params, update };
}
