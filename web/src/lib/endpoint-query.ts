import {
  hashKey,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { BodyOf, DataOf, Endpoint, QueryOf } from '@console/contract/http/endpoint';
import { arrivedData, callApi, type CallOptions } from './api-client.ts';

/**
 * The console's one way to the server (decision 032): a read is `endpointQuery(endpoint, query)`, query options for
 * useQuery / useQueries / fetchQuery, cached under `endpointKey(endpoint, query)`; a write is
 * `useEndpointMutation(endpoint, { invalidates })`, which refreshes the reads of the endpoints it names. The key is
 * the endpoint's path (its declaration in contract/http) and its input, so nothing names a cache entry by hand:
 * invalidating an endpoint refreshes it under every input.
 */
export type EndpointKey = readonly [path: Endpoint['path'], query?: unknown];

/**
 * The cache key of a read: the endpoint's path, then its query. As an invalidation key, a query matches every
 * read whose query holds those values (`{ deviceId: 7 }`: that machine's pages); none matches every read.
 */
export function endpointKey<E extends Endpoint>(endpoint: E, query?: Partial<QueryOf<E>>): EndpointKey {
  return query === undefined ? [endpoint.path] : [endpoint.path, query];
}

/** How a read is called: `callApi`'s options without the signal, which the query supplies. */
export type ReadOptions = Omit<CallOptions, 'signal'>;

/** The reads that started with an answer asked for early, by query hash: when that answer was in. */
const startedEarly = new Map<string, number>();

/**
 * Query options of one read: key from the declaration, data typed by its response. A read whose answer the page's
 * entry already holds (the opened page's first data, asked beside the console's code: lib/early-calls.ts) starts
 * with it, and does not ask again as it mounts while that answer is its data; once it has asked again, later mounts
 * ask as for any read.
 */
export function endpointQuery<E extends Endpoint>(
  endpoint: E,
  query: QueryOf<E> = {} as QueryOf<E>,
  call?: ReadOptions,
) {
  const queryKey = [endpoint.path, query] as const;
  // Large integers are read differently (callApi's bigNumbers): those reads take no early answer.
  const arrived = call?.bigNumbers ? undefined : arrivedData(endpoint, query);
  if (arrived) startedEarly.set(hashKey(queryKey), arrived.at);
  return queryOptions<DataOf<E>, Error, DataOf<E>, typeof queryKey>({
    queryKey,
    queryFn: ({ signal }): Promise<DataOf<E>> => callApi(endpoint, { query }, { ...call, signal }),
    initialData: arrived && (() => arrived.data),
    initialDataUpdatedAt: arrived?.at,
    // `true` is the default: ask as it mounts when the data is stale.
    refetchOnMount: (q) => startedEarly.get(q.queryHash) !== q.state.dataUpdatedAt,
  });
}

/** The reads among an area's declarations (its GET endpoints), e.g. everything the risk area shows. */
export function readsOf(endpoints: Record<string, Endpoint>): Endpoint[] {
  return Object.values(endpoints).filter((e) => e.method === 'GET' && !e.stream);
}

/** Refresh every read of these endpoints, whatever its query. */
export function invalidateEndpoints(queryClient: QueryClient, endpoints: readonly Endpoint[]): Promise<unknown> {
  return Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: endpointKey(e) })));
}

/** What a write sends: its body (JSON, or FormData for an upload) and, for the legacy calls that take one, a query. */
export interface WriteInput<E extends Endpoint> {
  body?: BodyOf<E> | FormData;
  query?: QueryOf<E>;
}

export interface EndpointMutationOptions<E extends Endpoint, C = unknown> extends Omit<
  UseMutationOptions<DataOf<E>, Error, WriteInput<E>, C>,
  'mutationFn'
> {
  /** The reads this write changes: refreshed (and awaited) before the caller's onSuccess runs. */
  invalidates?: readonly Endpoint[];
  /** No error toast: the caller shows the refusal itself (on a form field). */
  silent?: boolean;
  /** No loading overlay. */
  background?: boolean;
}

/**
 * A write through useMutation: `mutate({ body })` / `mutateAsync({ body })`; a refusal is toasted unless `silent`
 * (as callApi does), and on success the reads of `invalidates` are refreshed.
 */
export function useEndpointMutation<E extends Endpoint, C = unknown>(
  endpoint: E,
  options: EndpointMutationOptions<E, C> = {},
) {
  const queryClient = useQueryClient();
  const { invalidates = [], silent, background, onSuccess, ...rest } = options;
  return useMutation<DataOf<E>, Error, WriteInput<E>, C>({
    ...rest,
    mutationFn: (input) => callApi(endpoint, input, { silent, background }),
    onSuccess: async (...args) => {
      await invalidateEndpoints(queryClient, invalidates);
      await onSuccess?.(...args);
    },
  });
}
