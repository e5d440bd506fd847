import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { allocate, type Allocation } from '@console/db/billing/allocate';
import { appendLedger, refreshArrears } from '@console/db/billing/ledger';
import { allocations, bills, receipts } from '@console/db/schema/lease-billing';
import { renters } from '@console/db/schema/lease';
import { billState, type ReceiptMethod } from '@console/contract/codes/lease-billing';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiError, conflict, notFound } from '../lib/errors.ts';
import { issuedInvoiceCovering } from './invoice-cover.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { billingToday } from './zone.ts';
import { voidDepositReceipt } from '../deposits/moves.ts';

export interface ReceiptInput {
  renterOrgId: number;
  amountCents: number;
  method: ReceiptMethod;
  receivedOn: string;
  reference: string;
  note: string;
}

/**
 * Record money received from a renter, in one unit of work with its ledger row, its allocation and the renter's
 * arrears. `mayWrite` checks, inside the same transaction, that the caller writes for the renter's lessor.
 */
export async function recordReceipt(
  db: Db,
  input: ReceiptInput,
  who: { userId: number; mayWrite: (lessorOrgId: number) => boolean },
  now: number,
): Promise<{ id: number; allocations: Allocation[] }> {
  return unitOfWork(db, (tx) => writeReceipt(tx, input, who, now));
}

/**
 * A receipt's writes inside the caller's unit of work: the one way money received becomes a receipt, whether the desk
 * records it or a renter's online payment settles (billing/online-payments.ts).
 */
export async function writeReceipt(
  tx: Db,
  input: ReceiptInput,
  who: { userId: number; mayWrite: (lessorOrgId: number) => boolean },
  now: number,
): Promise<{ id: number; allocations: Allocation[] }> {
  const renter = await tx.select().from(renters).where(eq(renters.orgId, input.renterOrgId)).get();
  if (!renter || !who.mayWrite(renter.lessorOrgId)) throw notFound();
  const lessorOrgId = renter.lessorOrgId;
  const { id } = await tx
    .insert(receipts)
    .values({ ...input, lessorOrgId, createdBy: who.userId })
    .returning({ id: receipts.id })
    .get();
  await appendLedger(tx, [
    {
      lessorOrgId,
      renterOrgId: input.renterOrgId,
      type: 'receipt',
      receiptId: id,
      subject: input.reference,
      detail: input.method,
      amountCents: -input.amountCents,
      day: input.receivedOn,
    },
  ]);
  const made = await allocate(tx, lessorOrgId, input.renterOrgId);
  await refreshArrears(tx, lessorOrgId, await billingToday(tx, lessorOrgId, now), input.renterOrgId);
  return { id, allocations: made };
}

/**
 * Void a receipt with a reason: it stays (never deleted), its allocations stay as its history, the bills it paid
 * are open again for what it paid, other money of the renter pays them where it can, and the ledger adds it back.
 */
export async function voidReceipt(
  db: Db,
  input: { id: number; reason: string },
  who: { userId: number; mayWrite: (lessorOrgId: number) => boolean },
  now: number,
): Promise<{ id: number }> {
  return unitOfWork(db, async (tx) => {
    const receipt = await tx.select().from(receipts).where(eq(receipts.id, input.id)).get();
    if (!receipt || !who.mayWrite(receipt.lessorOrgId)) throw notFound();
    if (receipt.voidedAt) throw conflict('billing.receiptVoided');
    // A deposit's receipt paid no bill by itself: its void is the deposit's own move (decision 073).
    if (receipt.depositId !== null) return voidDepositReceipt(tx, receipt, input.reason, who.userId, now);
    const paid = await tx.select().from(allocations).where(eq(allocations.receiptId, receipt.id)).all();
    // An issued invoice covers only paid amounts and cannot be voided (decision 051): the money it certifies as
    // paid stays paid.
    const invoiced = await issuedInvoiceCovering(
      tx,
      'bill',
      paid.filter((p) => p.amountCents > 0).map((p) => p.billId),
    );
    if (invoiced)
      throw new ApiError(API_STATUS.conflict, 'billing.receiptInvoiced', {
        bill: invoiced.label,
        invoice: invoiced.number,
      });
    await tx
      .update(receipts)
      .set({ voidedAt: new Date(now), voidedBy: who.userId, voidReason: input.reason })
      .where(eq(receipts.id, receipt.id))
      .run();
    for (const part of paid) {
      const bill = (await tx.select().from(bills).where(eq(bills.id, part.billId)).get())!;
      const paidCents = bill.paidCents - part.amountCents;
      await tx
        .update(bills)
        .set({ paidCents, state: billState(bill.amountCents, paidCents) })
        .where(eq(bills.id, bill.id))
        .run();
    }
    const today = await billingToday(tx, receipt.lessorOrgId, now);
    await appendLedger(tx, [
      {
        lessorOrgId: receipt.lessorOrgId,
        renterOrgId: receipt.renterOrgId,
        type: 'receiptVoid',
        receiptId: receipt.id,
        subject: receipt.reference,
        detail: input.reason,
        amountCents: receipt.amountCents,
        day: today,
      },
    ]);
    await allocate(tx, receipt.lessorOrgId, receipt.renterOrgId);
    await refreshArrears(tx, receipt.lessorOrgId, today, receipt.renterOrgId);
    return { id: receipt.id };
  });
}
