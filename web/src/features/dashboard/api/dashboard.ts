import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { retryNetworkOnly } from '../../../components/query-state.tsx';

/** The home's cards load side by side without covering the page; each shows its own loading and error state. */
const quiet = { background: true } as const;

export const figuresQuery = () => ({
  ...endpointQuery(dashboardEndpoints.figures, {}, quiet),
  retry: retryNetworkOnly,
});

export const RECENT_ALARMS = 8;

export const alarmsQuery = () => ({
  ...endpointQuery(dashboardEndpoints.alarms, { limit: RECENT_ALARMS }, quiet),
  retry: retryNetworkOnly,
});

export const utilisationQuery = () => ({
  ...endpointQuery(dashboardEndpoints.utilisation, {}, quiet),
  retry: retryNetworkOnly,
});
