/** What the billing routes share: who writes for which lessor, and presenting allocations. */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { allocations, bills, receipts } from '@console/db/schema/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { LEASE_MANAGER_ROLES } from '@console/contract/codes/lease-flow';
import type { AllocationRow } from '@console/contract/http/lease-billing';
import type { ScopedData } from '../../lib/data.ts';
import type { SessionUser } from '../../lib/session.ts';

/**
 * The lessors a user records receipts for: the lessor's administrator and staff their own; the operator's finance
 * any lessor it sees (it keeps the books of the platform's lessors).
 */
export function mayWriteFor(data: ScopedData, user: SessionUser): (lessorOrgId: number) => boolean {
  if (user.orgKind === 'operator' && user.roleId === ROLE.finance) return (id) => data.sees(id);
  const manager = user.orgKind === 'lessor' && (LEASE_MANAGER_ROLES as readonly number[]).includes(user.roleId);
  return (id) => manager && id === user.orgId;
}

/** The allocations of some receipts or bills, with their bill's number and receipt's day, method and state. */
export async function allocationRows(
  data: ScopedData,
  by: { receiptIds?: number[]; billIds?: number[] },
): Promise<AllocationRow[]> {
  const where = by.receiptIds
    ? inArray(allocations.receiptId, by.receiptIds)
    : inArray(allocations.billId, by.billIds ?? []);
  return (
    await data
      .select({
        receiptId: allocations.receiptId,
        billId: allocations.billId,
        billNumber: bills.number,
        receivedOn: receipts.receivedOn,
        method: receipts.method,
        reference: receipts.reference,
        amountCents: allocations.amountCents,
        voided: sql<number>`${receipts.voidedAt} is not null`,
      })
      .from(allocations, data.within(allocations.receiptId, receiptIdsInScope(data)))
      .innerJoin(receipts, eq(receipts.id, allocations.receiptId))
      .innerJoin(bills, eq(bills.id, allocations.billId))
      .where(where)
      .orderBy(desc(allocations.id))
      .all()
  ).map((r) => ({ ...r, voided: Boolean(r.voided) }));
}

/** The receipts the user sees (by their lessor or their renter). */
export const receiptIdsInScope = (data: ScopedData) =>
  data.select({ id: receipts.id }).from(receipts, data.orgScope(receipts.lessorOrgId, receipts.renterOrgId));
