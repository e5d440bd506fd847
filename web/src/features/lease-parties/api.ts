import { LEASE_MANAGER_ROLES } from '@console/contract/codes/lease-flow';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { SEAL_GRANTERS, RENTER_WRITERS } from '@console/contract/access/lease-parties';
import { readsOf } from '../../lib/endpoint-query.ts';
import { useSession } from '../../lib/session.ts';

/** Everything the area shows: a change re-reads it (renters, stores, rules, templates, seals are few). */
export const PARTY_READS = readsOf(partyEndpoints);

const has = (roles: readonly number[], roleId: number) => roles.includes(roleId);

/** What the signed-in role may do here; the server decides again, per record. */
export function usePartyRights() {
  const { roleId } = useSession();
  return {
    writesRenters: has(RENTER_WRITERS, roleId),
    manages: has(LEASE_MANAGER_ROLES, roleId),
    grantsSeals: has(SEAL_GRANTERS, roleId),
  };
}
