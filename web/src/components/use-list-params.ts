import { useSearchParams } from 'react-router';

/**
 * A list's state in the URL query, so a filtered, sorted page of a list is a link: `page`, `pageSize`,
 * `sortField`, `sortOrder` and one parameter per filter, all as text (the endpoint's schema coerces).
 */
export type ListParams = Record<string, string>;

export const PAGING_KEYS = ['page', 'pageSize', 'sortField', 'sortOrder'] as const;

export function useListParams(defaults: ListParams = {}) {
  const [search, setSearch] = useSearchParams();
  const params: ListParams = { ...defaults };
  search.forEach((value, key) => {
    if (value !== '') params[key] = value;
  });

  /** Replace some parameters; empty ones are dropped. `resetPage` goes back to page 1 (a new filter). */
  const update = (patch: Record<string, string | number | undefined | null>, resetPage = false) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      const text = value === undefined || value === null ? '' : String(value).trim();
      if (text === '') next.delete(key);
      else next.set(key, text);
    }
    if (resetPage) next.delete('page');
    setSearch(next);
  };

  return { params, update };
}
