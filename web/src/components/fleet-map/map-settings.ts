import { queryOptions } from '@tanstack/react-query';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { endpointQuery } from '../../lib/endpoint-query.ts';

/** The tile servers of both providers (server settings); they change only with a restart of the server. */
export const mapSettingsQuery = () =>
  queryOptions({
    ...endpointQuery(dashboardEndpoints.mapSettings, {}, { background: true, silent: true }),
    staleTime: Infinity,
    retry: false,
  });
