import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { allocations, bills, receipts } from '@console/db/schema/lease-billing';
import { renters } from '@console/db/schema/lease';
import { billState, type ReceiptMethod } from '@console/contract/codes/lease-billing';
import { conflict, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { appendLedger, billingToday, refreshArrears } from './ledger.ts';

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
export function allocate(db: Db, lessorOrgId: number, renterOrgId: number): Allocation[] {
  const credit = db
    .select({
      id: receipts.id,
      left: sql<number>`${receipts.amountCents} - coalesce((select sum(a.amount_cents) from allocations a
        where a.receipt_id = ${receipts.id}), 0)`,
    })
    .from(receipts)
    .where(
      and(eq(receipts.lessorOrgId, lessorOrgId), eq(receipts.renterOrgId, renterOrgId), isNull(receipts.voidedAt)),
    )
    .orderBy(asc(receipts.receivedOn), asc(receipts.id))
    .all()
    .filter((r) => r.left > 0);
  if (credit.length === 0) return [];
  const open = db
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
      db.update(bills)
        .set({ paidCents: bill.paidCents, state: billState(bill.amountCents, bill.paidCents) })
        .where(eq(bills.id, bill.id))
        .run();
    }
    if (r >= credit.length) break;
  }
  if (made.length > 0) db.insert(allocations).values(made).run();
  return made;
}

/** Renters with money not yet allocated, of one lessor (to pay bills just issued). */
export function rentersWithCredit(db: Db, lessorOrgId: number): number[] {
  return db
    .select({ renterOrgId: receipts.renterOrgId })
    .from(receipts)
    .where(
      and(
        eq(receipts.lessorOrgId, lessorOrgId),
        isNull(receipts.voidedAt),
        sql`${receipts.amountCents} > coalesce((select sum(a.amount_cents) from allocations a
          where a.receipt_id = ${receipts.id}), 0)`,
      ),
    )
    .groupBy(receipts.renterOrgId)
    .all()
    .map((r) => r.renterOrgId);
}

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
export function recordReceipt(
  db: Db,
  input: ReceiptInput,
  who: { userId: number; mayWrite: (lessorOrgId: number) => boolean },
  now: number,
): { id: number; allocations: Allocation[] } {
  return unitOfWork(db, (tx) => {
    const renter = tx.select().from(renters).where(eq(renters.orgId, input.renterOrgId)).get();
    if (!renter || !who.mayWrite(renter.lessorOrgId)) throw notFound();
    const lessorOrgId = renter.lessorOrgId;
    const { id } = tx
      .insert(receipts)
      .values({ ...input, lessorOrgId, createdBy: who.userId })
      .returning({ id: receipts.id })
      .get();
    appendLedger(tx, [
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
    const made = allocate(tx, lessorOrgId, input.renterOrgId);
    refreshArrears(tx, lessorOrgId, billingToday(tx, lessorOrgId, now), input.renterOrgId);
    return { id, allocations: made };
  });
}

/**
 * Void a receipt with a reason: it stays (never deleted), its allocations stay as its history, the bills it paid
 * are open again for what it paid, other money of the renter pays them where it can, and the ledger adds it back.
 */
export function voidReceipt(
  db: Db,
  input: { id: number; reason: string },
  who: { userId: number; mayWrite: (lessorOrgId: number) => boolean },
  now: number,
): { id: number } {
  return unitOfWork(db, (tx) => {
    const receipt = tx.select().from(receipts).where(eq(receipts.id, input.id)).get();
    if (!receipt || !who.mayWrite(receipt.lessorOrgId)) throw notFound();
    if (receipt.voidedAt) throw conflict('billing.receiptVoided');
    tx.update(receipts)
      .set({ voidedAt: new Date(now), voidedBy: who.userId, voidReason: input.reason })
      .where(eq(receipts.id, receipt.id))
      .run();
    const paid = tx.select().from(allocations).where(eq(allocations.receiptId, receipt.id)).all();
    for (const part of paid) {
      const bill = tx.select().from(bills).where(eq(bills.id, part.billId)).get()!;
      const paidCents = bill.paidCents - part.amountCents;
      tx.update(bills)
        .set({ paidCents, state: billState(bill.amountCents, paidCents) })
        .where(eq(bills.id, bill.id))
        .run();
    }
    const today = billingToday(tx, receipt.lessorOrgId, now);
    appendLedger(tx, [
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
    allocate(tx, receipt.lessorOrgId, receipt.renterOrgId);
    refreshArrears(tx, receipt.lessorOrgId, today, receipt.renterOrgId);
    return { id: receipt.id };
  });
}
