import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { allocations, billOvertime, bills, receipts } from '@console/db/schema/lease-billing';
import { writeOvertimeAdjustment } from '@console/db/billing/overtime-adjust';
import type { OvertimeAdjustInput } from '@console/contract/lease/overtime';
import { conflict, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { billingToday } from './zone.ts';

/**
 * Bill other overtime hours on a line, with a reason. As a bill's other corrections (its void), only while no live
 * receipt paid the bill: the difference goes on the bill's amount and into the bill record as an `overtimeAdjust`
 * row, money waiting in advance pays a raise, and the renter's arrears follow, in one unit of work
 * (db/billing/overtime-adjust.ts writes it, for the seed as well). `mayAdjust` checks, inside it, that the caller
 * works for the bill's lessor.
 */
export async function adjustOvertime(
  db: Db,
  input: OvertimeAdjustInput,
  who: { userId: number; mayAdjust: (lessorOrgId: number) => boolean },
  now: number,
): Promise<{ id: number; amountCents: number }> {
  return unitOfWork(db, async (tx) => {
    const line = await tx.select().from(billOvertime).where(eq(billOvertime.id, input.id)).get();
    const bill = line && (await tx.select().from(bills).where(eq(bills.id, line.billId)).get());
    if (!line || !bill || !who.mayAdjust(bill.lessorOrgId)) throw notFound();
    if (bill.state === 'void') throw conflict('billing.billVoided');
    const paid = await tx
      .select({ id: allocations.id })
      .from(allocations)
      .innerJoin(receipts, eq(receipts.id, allocations.receiptId))
      .where(and(eq(allocations.billId, bill.id), isNull(receipts.voidedAt)))
      .limit(1)
      .get();
    if (paid || bill.paidCents > 0) throw conflict('billing.overtimeHasReceipts');
    const today = await billingToday(tx, bill.lessorOrgId, now);
    const amountCents = await writeOvertimeAdjustment(
      tx,
      line,
      bill,
      { hoursTenths: input.hoursTenths, reason: input.reason, userId: who.userId },
      today,
      now,
    );
    return { id: line.id, amountCents };
  });
}
