import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { billState } from '@console/contract/codes/lease-billing';
import type { Db } from '../client.ts';
import { allocations, bills, receipts } from '../schema/lease-billing.ts';

export interface Allocation {
  receiptId: number;
  billId: number;
  amountCents: number;
}

/**
 * Pay the renter's open bills with what its live receipts have not yet paid: the oldest due bill first (then the
 * oldest bill), from the oldest receipt first. Run after a receipt, after a void (other money may cover what the
 * voided one paid) and after issuing (money paid in advance pays the new bill). Answers the allocations it made.
 */
export async function allocate(db: Db, lessorOrgId: number, renterOrgId: number): Promise<Allocation[]> {
  // The outer row is named by its table: drizzle writes a column of a one-table select unqualified, which inside
  // the subquery would name the allocation's own id.
  const credit = (
    await db
      .select({
        id: receipts.id,
        left: sql<number>`${receipts.amountCents} - coalesce((select sum(a.amount_cents) from allocations a
        where a.receipt_id = receipts.id), 0)`,
      })
      .from(receipts)
      .where(
        and(
          eq(receipts.lessorOrgId, lessorOrgId),
          eq(receipts.renterOrgId, renterOrgId),
          isNull(receipts.voidedAt),
          // A deposit's money is held, not rent credit: only its own apply move allocates it (decision 073).
          isNull(receipts.depositId),
        ),
      )
      .orderBy(asc(receipts.receivedOn), asc(receipts.id))
      .all()
  ).filter((r) => r.left > 0);
  if (credit.length === 0) return [];
  const open = await db
    .select({ id: bills.id, amountCents: bills.amountCents, paidCents: bills.paidCents })
    .from(bills)
    .where(
      and(
        eq(bills.lessorOrgId, lessorOrgId),
        eq(bills.renterOrgId, renterOrgId),
        inArray(bills.state, ['open', 'partlyPaid']),
      ),
    )
    .orderBy(asc(bills.dueOn), asc(bills.id))
    .all();
  const made: Allocation[] = [];
  let r = 0;
  for (const bill of open) {
    while (bill.paidCents < bill.amountCents && r < credit.length) {
      const receipt = credit[r]!;
      const amount = Math.min(receipt.left, bill.amountCents - bill.paidCents);
      made.push({ receiptId: receipt.id, billId: bill.id, amountCents: amount });
      receipt.left -= amount;
      bill.paidCents += amount;
      if (receipt.left === 0) r += 1;
    }
    if (made.at(-1)?.billId === bill.id) {
      await db
        .update(bills)
        .set({ paidCents: bill.paidCents, state: billState(bill.amountCents, bill.paidCents) })
        .where(eq(bills.id, bill.id))
        .run();
    }
    if (r >= credit.length) break;
  }
  if (made.length > 0) await db.insert(allocations).values(made).run();
  return made;
}

/** Renters with money not yet allocated, of one lessor (to pay bills just issued). */
export async function rentersWithCredit(db: Db, lessorOrgId: number): Promise<number[]> {
  return (
    await db
      .select({ renterOrgId: receipts.renterOrgId })
      .from(receipts)
      .where(
        and(
          eq(receipts.lessorOrgId, lessorOrgId),
          isNull(receipts.voidedAt),
          isNull(receipts.depositId),
          sql`${receipts.amountCents} > coalesce((select sum(a.amount_cents) from allocations a
          where a.receipt_id = receipts.id), 0)`,
        ),
      )
      .groupBy(receipts.renterOrgId)
      .orderBy(receipts.renterOrgId)
      .all()
  ).map((r) => r.renterOrgId);
}
