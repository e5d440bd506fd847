import { and, eq, type SQL } from 'drizzle-orm';
import { contracts } from '@console/db/schema/lease';
import { leaseHandovers } from '@console/db/schema/lease-handover';
import { leasePeriods } from '@console/db/schema/lease-periods';
import type { Scope, ScopedData } from '../../lib/data.ts';
import type { SessionUser } from '../../lib/session.ts';
import { contractsVisibleTo } from '../../lease/access.ts';

/** The contracts this person sees (decision 029's rule) within their organisations (decision 028). */
function visibleContracts(data: ScopedData, user: SessionUser) {
  const visible = contractsVisibleTo(user);
  if (visible === false) return null;
  const scope = data.narrow(data.orgScope(contracts.lessorOrgId, contracts.renterOrgId), visible);
  return data.select({ id: contracts.id }).from(contracts, scope);
}

/**
 * Entries and exits follow their contract: whoever reads the contract reads them, except that a renter's users
 * read only what was confirmed (a draft is the lessor's work in progress).
 */
export function handoverScope(data: ScopedData, user: SessionUser): Scope | null {
  const ids = visibleContracts(data, user);
  if (!ids) return null;
  const renterOnly: SQL | undefined =
    user.orgKind === 'customer'
      ? and(eq(leaseHandovers.renterOrgId, user.orgId), eq(leaseHandovers.state, 'confirmed'))
      : undefined;
  const own = data.narrow(data.orgScope(leaseHandovers.orgId, leaseHandovers.renterOrgId), renterOnly);
  return data.narrow(own, data.within(leaseHandovers.contractId, ids).sql);
}

/** Lease periods follow their contract the same way. */
export function periodScope(data: ScopedData, user: SessionUser): Scope | null {
  const ids = visibleContracts(data, user);
  if (!ids) return null;
  return data.narrow(
    data.orgScope(leasePeriods.lessorOrgId, leasePeriods.renterOrgId),
    data.within(leasePeriods.contractId, ids).sql,
  );
}
