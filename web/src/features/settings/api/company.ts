import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type CompanyProfile } from '@console/contract/http/settings';
import { retryNetworkOnly } from '../../../components/query-state.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { updateSession } from '../../../lib/session.ts';
import { userInfoQuery } from '../../../lib/shared-queries.ts';

export const companyKey = ['settings', 'company'] as const;

export const companyQuery = () =>
  queryOptions({
    queryKey: companyKey,
    retry: retryNetworkOnly,
    queryFn: ({ signal }) => callApi(settingsEndpoints.companyProfile, {}, { signal }),
  });

/** The answer of every corporate change is the whole company; the rental permissions also live in the session. */
export function applyCompany(queryClient: QueryClient, company: CompanyProfile): void {
  queryClient.setQueryData(companyKey, company);
  // Bit 1 domestic, bit 2 foreign, as login.do's map.lessor_auth.
  updateSession({ lessorAuth: (company.rental.domestic ? 1 : 0) | (company.rental.foreign ? 2 : 0) });
  void queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
}
