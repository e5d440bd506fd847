import { queryOptions } from '@tanstack/react-query';
import { authEndpoints } from '@console/contract/http/auth';
import { warningEndpoints } from '@console/contract/http/warning';
import { callApi } from './api-client.ts';

/** The bell refreshes in the background at this pace. */
export const BELL_REFRESH_MS = 30000;

/** The signed-in user (uid, avatar, role, names, organisation), read by the shell and the home page. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: ['auth', 'userInfo'],
    queryFn: ({ signal }) => callApi(authEndpoints.getUserInfo, {}, { background: true, signal }),
    staleTime: 60000,
  });

/** Open alarms in the user's scope, as the bell and the home page list them. */
export const bellQuery = () =>
  queryOptions({
    queryKey: ['warning', 'bell'],
    // Background polling neither covers the page nor toasts every 30 s when the network hiccups.
    queryFn: ({ signal }) => callApi(warningEndpoints.bell, {}, { background: true, silent: true, signal }),
    refetchInterval: BELL_REFRESH_MS,
  });
