import type { QueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@console/contract/http/auth';
import { settingsEndpoints, type CompanyProfile } from '@console/contract/http/settings';
import { retryNetworkOnly } from '../../../components/query-state.tsx';
import { endpointQuery, invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { updateSession } from '../../../lib/session.ts';

export const companyQuery = () => ({ ...endpointQuery(settingsEndpoints.companyProfile), retry: retryNetworkOnly });

/** The answer of every corporate change is the whole company; the rental permissions also live in the session. */
export function applyCompany(queryClient: QueryClient, company: CompanyProfile): void {
  queryClient.setQueryData(companyQuery().queryKey, company);
  // Bit 1 domestic, bit 2 foreign, as login.do's map.lessor_auth.
  updateSession({ lessorAuth: (company.rental.domestic ? 1 : 0) | (company.rental.foreign ? 2 : 0) });
  void invalidateEndpoints(queryClient, [authEndpoints.getUserInfo]);
}
