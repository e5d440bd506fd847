/** What the lease master data's routes share: who writes for which lessor, and the refusals they give. */
import { sql, type SQL } from 'drizzle-orm';
import { contracts } from '@console/db/schema/lease';
import { LEASE_MANAGER_ROLES } from '@console/contract/codes/lease-flow';
import { LESSOR_ROLES } from '@console/contract/codes/roles';
import { API_STATUS } from '@console/contract/http/envelope';
import type { ScopedData } from '../../lib/data.ts';
import { ApiError, forbidden } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';

export const isLessor = (user: SessionUser) =>
  user.orgKind === 'lessor' && (LESSOR_ROLES as readonly number[]).includes(user.roleId);
export const isManager = (user: SessionUser) =>
  user.orgKind === 'lessor' && (LEASE_MANAGER_ROLES as readonly number[]).includes(user.roleId);

/** The lessor the user writes for (their own organisation), or forbidden. */
export function ownLessor(user: SessionUser, may: (u: SessionUser) => boolean): number {
  if (!may(user)) throw forbidden();
  return user.orgId;
}

export const refused = (
  key: 'lease.renterHasContracts' | 'lease.storeHasContracts' | 'lease.templateInUse',
  count: number,
) => new ApiError(API_STATUS.conflict, key, { count });

export const countContracts = async (data: ScopedData, where: SQL) =>
  (await data
    .select({ n: sql<number>`count(*)` })
    .from(contracts, data.orgScope(contracts.lessorOrgId))
    .where(where)
    .get())!.n;

// ---- renters ---------------------------------------------------------------------------------------------------
