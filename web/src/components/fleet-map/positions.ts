import { queryOptions } from '@tanstack/react-query';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { callApi } from '../../lib/api-client.ts';
import { retryNetworkOnly } from '../query-state.tsx';

/**
 * Every placed machine of the user's scope, for the fleet map (the home, the device list's map view). Fetched
 * once per visit: afterwards the map moves the markers from the live events.
 */
export const positionsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'positions'],
    queryFn: ({ signal }) => callApi(dashboardEndpoints.positions, {}, { background: true, signal }),
    retry: retryNetworkOnly,
    staleTime: Infinity,
    gcTime: 0,
  });
