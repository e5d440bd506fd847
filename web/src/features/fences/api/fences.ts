import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fenceEndpoints } from '@console/contract/http/fences';
import { callApi } from '../../../lib/api-client.ts';

/** Query keys of the area: [area, resource, params]. The lists are ListPage's (area 'fences'). */
export const fencesKey = ['fences', 'list'] as const;

export const fenceQuery = (id: number) =>
  queryOptions({
    queryKey: ['fences', 'detail', id],
    queryFn: ({ signal }) => callApi(fenceEndpoints.detail, { query: { id } }, { signal }),
  });

/** After a change of a fence or its machines: every fence list, record, machine list and the filters' choices. */
export const refreshFences = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['fences'] }),
    queryClient.invalidateQueries({ queryKey: ['devices', 'list'] }),
  ]);
