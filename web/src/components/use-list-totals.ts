import { useQuery } from '@tanstack/react-query';
import type { Endpoint, QueryOf } from '@console/contract/http/endpoint';
import { endpointQuery } from '../lib/endpoint-query.ts';
import { useListParams } from './use-list-params.ts';

/**
 * The totals a list answers beside its rows, for what its filters find: the same read as the list's, with the page's
 * filters among `filters` (the others, paging and sorting, change no total) and only its first row.
 */
export function useListTotals<E extends Endpoint>(endpoint: E, filters: readonly string[]) {
  const { params } = useListParams();
  const set = Object.fromEntries(filters.flatMap((key) => (params[key] ? [[key, params[key]]] : [])));
  return useQuery(endpointQuery(endpoint, { ...set, page: 1, pageSize: 1 } as QueryOf<E>));
}
