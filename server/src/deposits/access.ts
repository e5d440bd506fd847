import { ROLE } from '@console/contract/codes/roles';
import { LEASE_MANAGER_ROLES } from '@console/contract/codes/lease-flow';
import type { ScopedData } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';

/**
 * The lessors a user moves deposits for: those it records receipts for (decision 073), the lessor's administrator and
 * staff their own, the operator's finance any lessor it sees.
 */
export function mayWriteDeposits(data: ScopedData, user: SessionUser): (lessorOrgId: number) => boolean {
  if (user.orgKind === 'operator' && user.roleId === ROLE.finance) return (id) => data.sees(id);
  const manager = user.orgKind === 'lessor' && (LEASE_MANAGER_ROLES as readonly number[]).includes(user.roleId);
  return (id) => manager && id === user.orgId;
}
