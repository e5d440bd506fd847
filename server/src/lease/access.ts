import { and, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { contracts } from '@console/db/schema/lease';
import { LESSOR_ROLES, OPERATOR_ROLES, ROLE } from '@console/contract/codes/roles';
import { LEASE_STATUS, type LeaseWho } from '@console/contract/codes/lease-flow';
import type { ContractKind } from '@console/contract/codes/contract-change';
import { notFound } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';

/**
 * Who sees which contracts (spec section 6; issue: "who"), in one place for the lists and the single reads:
 * - the operator's roles oversee every contract (read only: the flow gives them no move);
 * - the lessor's administrator (5) and administrative staff (10) see all of their company's;
 * - its salesperson (6) sees those they wrote or sell;
 * - the renter's own users read their contracts once approved, but never a rejected one.
 * Anyone else sees none. A contract change (decision 041) is seen by the same rule: the lists ask for one kind.
 */
export type ContractRow = typeof contracts.$inferSelect;

/** Statuses a renter's users read: what the lessor approved, on to its end. */
export const RENTER_VISIBLE: readonly number[] = [3, 5, 6, 7, 8, 9];

export function contractsVisibleTo(user: SessionUser, kind: ContractKind = 'contract'): SQL | undefined | false {
  const ofKind = eq(contracts.kind, kind);
  if (user.orgKind === 'operator' && (OPERATOR_ROLES as readonly number[]).includes(user.roleId)) return ofKind;
  if (user.orgKind === 'lessor' && (LESSOR_ROLES as readonly number[]).includes(user.roleId)) {
    const own = and(ofKind, eq(contracts.lessorOrgId, user.orgId));
    if (user.roleId !== ROLE.lessorSales) return own;
    return and(own, or(eq(contracts.createdBy, user.id), eq(contracts.salespersonId, user.id)));
  }
  if (user.orgKind === 'customer' && user.roleId !== ROLE.registeredUser) {
    return and(ofKind, eq(contracts.renterOrgId, user.orgId), inArray(contracts.status, [...RENTER_VISIBLE]));
  }
  return false;
}

/** The same rule for one contract in hand. */
export function canSeeContract(user: SessionUser, c: ContractRow): boolean {
  if (user.orgKind === 'operator') return (OPERATOR_ROLES as readonly number[]).includes(user.roleId);
  if (user.orgKind === 'lessor' && (LESSOR_ROLES as readonly number[]).includes(user.roleId)) {
    if (c.lessorOrgId !== user.orgId) return false;
    return user.roleId !== ROLE.lessorSales || c.createdBy === user.id || c.salespersonId === user.id;
  }
  if (user.orgKind === 'customer' && user.roleId !== ROLE.registeredUser) {
    return c.renterOrgId === user.orgId && RENTER_VISIBLE.includes(c.status);
  }
  return false;
}

/** A contract this user may see, or "not found" (never "forbidden": its existence is not told). */
export async function visibleContract(db: Db, user: SessionUser, id: number): Promise<ContractRow> {
  const c = await db.select().from(contracts).where(eq(contracts.id, id)).get();
  if (!c || !canSeeContract(user, c)) throw notFound();
  return c;
}

/** The same, of one kind: a contract's pages do not open a change, nor a change's pages a contract. */
export async function visibleOfKind(db: Db, user: SessionUser, id: number, kind: ContractKind): Promise<ContractRow> {
  const c = await visibleContract(db, user, id);
  if (c.kind !== kind) throw notFound();
  return c;
}

/** The person acting, for the state machine. */
export const asActor = (user: SessionUser): LeaseWho => ({
  kind: 'user',
  userId: user.id,
  orgId: user.orgId,
  roleId: user.roleId,
});

/** Whether the user writes contracts for a lessor: its managers and salespeople. */
export const writesContracts = (user: SessionUser) =>
  user.orgKind === 'lessor' && (LESSOR_ROLES as readonly number[]).includes(user.roleId);

/** Contracts other than drafts and those that ended: for the machine-taken check of a draft's lines. */
export const notEnded = notInArray(contracts.status, [LEASE_STATUS.closed, LEASE_STATUS.terminated]);
