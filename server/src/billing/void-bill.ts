import { and, eq, gt, inArray, isNull, max, ne } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { allocate } from '@console/db/billing/allocate';
import { issueLessorBills } from '@console/db/billing/issue';
import { appendLedger, refreshArrears } from '@console/db/billing/ledger';
import { releaseCharges } from '@console/db/billing/charges';
import { allocations, billLines, bills, receipts } from '@console/db/schema/lease-billing';
import { conflict, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { billingToday } from './zone.ts';

/**
 * Void a bill with a reason (docs/decisions/036-lease-billing.md, addendum): only an open bill that no live receipt
 * paid; it is kept with its lines, leaves the arrears and the income, and its ledger gets a `billVoid` row that takes
 * its amount off the balance. With `reissue` its lines are released and the contract is billed again now, so the
 * same days get a new bill; without it the days stay covered by the voided bill and are never billed again.
 * `mayVoid` checks, inside the same transaction, that the caller administers the bill's lessor.
 */
export async function voidBill(
  db: Db,
  input: { id: number; reason: string; reissue: boolean },
  who: { userId: number; mayVoid: (lessorOrgId: number) => boolean },
  now: number,
): Promise<{ id: number; reissued: number[] }> {
  return unitOfWork(db, async (tx) => {
    const bill = await tx.select().from(bills).where(eq(bills.id, input.id)).get();
    if (!bill || !who.mayVoid(bill.lessorOrgId)) throw notFound();
    if (bill.state === 'void') throw conflict('billing.billVoided');
    const paid = await tx
      .select({ id: allocations.id })
      .from(allocations)
      .innerJoin(receipts, eq(receipts.id, allocations.receiptId))
      .where(and(eq(allocations.billId, bill.id), isNull(receipts.voidedAt)))
      .limit(1)
      .get();
    if (paid || bill.paidCents > 0) throw conflict('billing.billHasReceipts');
    const lines = await tx.select().from(billLines).where(eq(billLines.billId, bill.id)).all();
    if (input.reissue && lines.length > 0) {
      // Re-issuing re-prices a period from its last billed day: only when no later bill charges the same machines.
      const later = await tx
        .select({ id: billLines.id })
        .from(billLines)
        .where(
          and(
            inArray(
              billLines.leasePeriodId,
              lines.map((l) => l.leasePeriodId),
            ),
            ne(billLines.billId, bill.id),
            eq(billLines.released, false),
            gt(
              billLines.fromOn,
              lines.reduce((a, l) => (a < l.fromOn ? a : l.fromOn), lines[0]!.fromOn),
            ),
          ),
        )
        .limit(1)
        .get();
      if (later) throw conflict('billing.reissueNotLatest');
    }
    await tx
      .update(bills)
      .set({ state: 'void', voidedAt: new Date(now), voidedBy: who.userId, voidReason: input.reason })
      .where(eq(bills.id, bill.id))
      .run();
    // Its charges go back to pending: the re-issued bill or the contract's next bill carries them (decision 074).
    await releaseCharges(tx, bill.id);
    const today = await billingToday(tx, bill.lessorOrgId, now);
    await appendLedger(tx, [
      {
        lessorOrgId: bill.lessorOrgId,
        renterOrgId: bill.renterOrgId,
        type: 'billVoid',
        billId: bill.id,
        subject: bill.number,
        detail: input.reason,
        amountCents: -bill.amountCents,
        day: today,
      },
    ]);
    let reissued: number[] = [];
    // An opening balance has no days to bill again: voiding it with re-issue only voids it.
    const contractId = bill.contractId;
    if (input.reissue && contractId !== null) {
      await tx.update(billLines).set({ released: true }).where(eq(billLines.billId, bill.id)).run();
      const top =
        (
          await tx
            .select({ top: max(bills.id) })
            .from(bills)
            .get()
        )?.top ?? 0;
      await issueLessorBills(tx, bill.lessorOrgId, today, contractId);
      reissued = (
        await tx
          .select({ id: bills.id })
          .from(bills)
          .where(and(eq(bills.contractId, contractId), gt(bills.id, top)))
          .all()
      ).map((b) => b.id);
    }
    await allocate(tx, bill.lessorOrgId, bill.renterOrgId);
    await refreshArrears(tx, bill.lessorOrgId, today, bill.renterOrgId);
    return { id: bill.id, reissued };
  });
}
