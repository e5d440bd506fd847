import { queryOptions } from '@tanstack/react-query';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { callApi } from '../../../lib/api-client.ts';
import { retryNetworkOnly } from '../../../components/query-state.tsx';

/** Query keys of the home: [area, resource]. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: ['dashboard', 'figures'] as const,
  alarms: ['dashboard', 'alarms'] as const,
  utilisation: ['dashboard', 'utilisation'] as const,
  positions: ['dashboard', 'positions'] as const,
};

/** The home's cards load side by side without covering the page; each shows its own loading and error state. */
const quiet = { background: true } as const;

export const figuresQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.figures,
    queryFn: ({ signal }) => callApi(dashboardEndpoints.figures, {}, { ...quiet, signal }),
    retry: retryNetworkOnly,
  });

export const RECENT_ALARMS = 8;

export const alarmsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.alarms,
    queryFn: ({ signal }) =>
      callApi(dashboardEndpoints.alarms, { query: { limit: RECENT_ALARMS } }, { ...quiet, signal }),
    retry: retryNetworkOnly,
  });

export const utilisationQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.utilisation,
    queryFn: ({ signal }) => callApi(dashboardEndpoints.utilisation, {}, { ...quiet, signal }),
    retry: retryNetworkOnly,
  });
