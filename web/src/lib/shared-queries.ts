import { authEndpoints } from '@console/contract/http/auth';
import { warningEndpoints } from '@console/contract/http/warning';
import { endpointQuery } from './endpoint-query.ts';

/** The bell refreshes in the background at this pace. */
export const BELL_REFRESH_MS = 30000;

/** The signed-in user (uid, avatar, role, names, organisation), read by the shell and the home page. */
export const userInfoQuery = () => ({
  ...endpointQuery(authEndpoints.getUserInfo, {}, { background: true }),
  staleTime: 60000,
});

/** Open alarms in the user's scope, as the bell and the home page list them. */
export const bellQuery = () => ({
  // Background polling neither covers the page nor toasts every 30 s when the network hiccups.
  ...endpointQuery(warningEndpoints.bell, {}, { background: true, silent: true }),
  refetchInterval: BELL_REFRESH_MS,
});

/**
 * The reads an alarm changes: the bell, the alarm centre's list and an alarm's details. A live alarm event
 * (live-events.ts) and a handled alarm refresh them; the alarm rules and the filter's choices stay.
 */
export const ALARM_READS = [warningEndpoints.bell, warningEndpoints.list, warningEndpoints.detail];
