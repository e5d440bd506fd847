import type { QueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@console/contract/http/auth';
import { settingsEndpoints, type Profile } from '@console/contract/http/settings';
import { retryNetworkOnly } from '../../../components/query-state.tsx';
import { endpointQuery, invalidateEndpoints } from '../../../lib/endpoint-query.ts';
import { updateSession } from '../../../lib/session.ts';

export const profileQuery = () => ({ ...endpointQuery(settingsEndpoints.profile), retry: retryNetworkOnly });

/** A changed profile shows at once here, in the session's names and in the shell's user info. */
export function applyProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileQuery().queryKey, profile);
  updateSession({ nickname: profile.nickname, username: profile.nickname || profile.mobile });
  void invalidateEndpoints(queryClient, [authEndpoints.getUserInfo]);
}
