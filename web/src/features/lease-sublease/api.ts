import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { SUBLEASE_MANAGERS } from '@console/contract/access/lease-sublease';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useSession } from '../../lib/session.ts';

/** Everything the area shows: a change re-reads it (sub-lessors and sub-leases are few). */
export const SUBLEASE_READS = readsOf(subleaseEndpoints);

/** Whether the signed-in role manages sub-leasing; the server decides again, per record. */
export function useSubleaseRights() {
  const { roleId } = useSession();
  return { manages: (SUBLEASE_MANAGERS as readonly number[]).includes(roleId) };
}
