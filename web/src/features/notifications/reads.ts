import { notificationEndpoints } from '@console/contract/http/notifications';
import { readsOf } from '../../lib/endpoint-query.ts';

/** What a change of a rule or an acknowledgement refreshes. */
export const NOTIFY_READS = readsOf(notificationEndpoints);
