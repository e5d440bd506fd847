import { queryOptions } from '@tanstack/react-query';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { callApi } from '../../lib/api-client.ts';

/** The tile servers of both providers (server settings); they change only with a restart of the server. */
export const mapSettingsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'mapSettings'],
    queryFn: ({ signal }) => callApi(dashboardEndpoints.mapSettings, {}, { background: true, silent: true, signal }),
    staleTime: Infinity,
    retry: false,
  });
