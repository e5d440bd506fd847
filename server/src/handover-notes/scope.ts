import { and, eq, type SQL } from 'drizzle-orm';
import { contracts } from '@console/db/schema/lease';
import { leaseHandovers } from '@console/db/schema/lease-handover';
import type { Scope, ScopedData } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';
import { contractsVisibleTo } from '../lease/access.ts';

/**
 * The handovers whose notes this person reads: as the entries and exits themselves (decision 035), those of the
 * contracts they see (decision 029) within their organisations (decision 028); a renter's users only confirmed ones.
 */
export function noteHandoverScope(data: ScopedData, user: SessionUser): Scope | null {
  const visible = contractsVisibleTo(user);
  if (visible === false) return null;
  const ids = data
    .select({ id: contracts.id })
    .from(contracts, data.narrow(data.orgScope(contracts.lessorOrgId, contracts.renterOrgId), visible));
  const renterOnly: SQL | undefined =
    user.orgKind === 'customer'
      ? and(eq(leaseHandovers.renterOrgId, user.orgId), eq(leaseHandovers.state, 'confirmed'))
      : undefined;
  const own = data.narrow(data.orgScope(leaseHandovers.orgId, leaseHandovers.renterOrgId), renterOnly);
  return data.narrow(own, data.within(leaseHandovers.contractId, ids).sql);
}
