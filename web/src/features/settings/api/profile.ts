import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type Profile } from '@console/contract/http/settings';
import { retryNetworkOnly } from '../../../components/query-state.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { updateSession } from '../../../lib/session.ts';
import { userInfoQuery } from '../../../lib/shared-queries.ts';

export const profileKey = ['settings', 'profile'] as const;

export const profileQuery = () =>
  queryOptions({
    queryKey: profileKey,
    retry: retryNetworkOnly,
    queryFn: ({ signal }) => callApi(settingsEndpoints.profile, {}, { signal }),
  });

/** A changed profile shows at once here, in the session's names and in the shell's user info. */
export function applyProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileKey, profile);
  updateSession({ nickname: profile.nickname, username: profile.nickname || profile.mobile });
  void queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
}
