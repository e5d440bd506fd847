import { queryOptions } from '@tanstack/react-query';
import { dashboardEndpoints, type PositionsFilter } from '@console/contract/http/dashboard';
import { endpointQuery } from '../../lib/endpoint-query.ts';
import { retryNetworkOnly } from '../query-state.tsx';

/**
 * The placed machines of the user's scope for the fleet map (the home: all of them; the device list's map view:
 * those its filters select). Fetched once per visit and filter: afterwards the map moves the markers from the
 * live events.
 */
export const positionsQuery = (filters: PositionsFilter = {}) =>
  queryOptions({
    ...endpointQuery(dashboardEndpoints.positions, filters, { background: true }),
    retry: retryNetworkOnly,
    staleTime: Infinity,
    gcTime: 0,
  });
