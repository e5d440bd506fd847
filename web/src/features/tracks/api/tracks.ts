import type { QueryOf } from '@console/contract/http/endpoint';
import { trackEndpoints } from '@console/contract/http/tracks';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { retryNetworkOnly } from '../../../components/query-state.tsx';

export type TrackParams = QueryOf<typeof trackEndpoints.history>;

/** A track in the past does not change: read it once. */
export const trackQuery = (params: TrackParams) => ({
  ...endpointQuery(trackEndpoints.history, params),
  retry: retryNetworkOnly,
  staleTime: 60_000,
});
