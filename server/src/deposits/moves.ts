import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { appendLedger, refreshArrears } from '@console/db/billing/ledger';
import { allocations, bills, receipts } from '@console/db/schema/lease-billing';
import { contracts } from '@console/db/schema/lease';
import { depositMoves, deposits } from '@console/db/schema/deposits';
import { billState, type ReceiptMethod } from '@console/contract/codes/lease-billing';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import {
  DEPOSIT_MOVES,
  depositAllows,
  depositState,
  heldCents,
  type DepositApplyForm,
  type DepositMoveKind,
  type DepositReceiveForm,
  type DepositRefundForm,
} from '@console/contract/lease/deposits';
import { conflict, invalidField, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { billingToday } from '../billing/zone.ts';

/**
 * A contract's deposit moves (docs/decisions/073-deposits.md; the states and moves are `contract/lease/deposits.ts`).
 * Each runs in one unit of work with its history row and what it does to receipts, bills, the bill record and arrears.
 */

export interface DepositWriter {
  userId: number;
  /** The user writes receipts for this lessor (checked inside the unit of work). */
  mayWrite: (lessorOrgId: number) => boolean;
}

type DepositRow = typeof deposits.$inferSelect;

/** The deposit's new figures and their state, with the history row of the move. */
async function record(
  tx: Db,
  d: DepositRow,
  figures: Pick<DepositRow, 'receivedCents' | 'appliedCents' | 'refundedCents'>,
  move: Omit<typeof depositMoves.$inferInsert, 'depositId' | 'at'>,
  now: number,
) {
  const next = { ...d, ...figures };
  await tx
    .update(deposits)
    .set({ ...figures, state: depositState(next), updatedAt: new Date(now) })
    .where(eq(deposits.id, d.id))
    .run();
  await tx
    .insert(depositMoves)
    .values({ ...move, depositId: d.id, at: new Date(now) })
    .run();
}

/** The refusal of a move the deposit's state does not allow. */
function checkAllowed(move: DepositMoveKind, d: DepositRow) {
  if (!depositAllows(move, d.state)) throw conflict(`deposits.refused.${move}`);
}

async function writable(tx: Db, id: number, who: DepositWriter): Promise<DepositRow> {
  const d = await tx.select().from(deposits).where(eq(deposits.id, id)).get();
  if (!d || !who.mayWrite(d.lessorOrgId)) throw notFound();
  return d;
}

/**
 * The `request` move, inside the unit of work of the move that brings the contract into force (lessorSigned): a
 * contract asking for a deposit gets its deposit request, once.
 */
export async function requestDeposit(
  tx: Db,
  c: { id: number; number: string; lessorOrgId: number; renterOrgId: number; depositCents: number; kind: string },
  now: number,
): Promise<void> {
  if (c.kind !== 'contract' || c.depositCents <= 0) return;
  const already = await tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.contractId, c.id)).get();
  if (already) return;
  const day = await billingToday(tx, c.lessorOrgId, now);
  const made = await tx
    .insert(deposits)
    .values({
      number: `YJ-${c.number}`,
      contractId: c.id,
      lessorOrgId: c.lessorOrgId,
      renterOrgId: c.renterOrgId,
      amountCents: c.depositCents,
      requestedOn: day,
      updatedAt: new Date(now),
    })
    .returning({ id: deposits.id })
    .get();
  await tx
    .insert(depositMoves)
    .values({ depositId: made.id, kind: 'request', amountCents: c.depositCents, day, userId: null, at: new Date(now) })
    .run();
}

/** `receive`: a receipt of the deposit's renter paying the deposit (never rent), at most what is outstanding. */
export async function receiveDeposit(
  db: Db,
  input: DepositReceiveForm,
  who: DepositWriter,
  now: number,
): Promise<{ id: number; receiptId: number }> {
  return unitOfWork(db, (tx) => writeDepositReceipt(tx, input, who, now));
}

/**
 * The `receive` move's body, inside the caller's unit of work: the desk's receive runs it in its own, a renter's
 * online payment of the deposit (billing/online-payments.ts) in the payment's.
 */
export async function writeDepositReceipt(
  tx: Db,
  input: DepositReceiveForm,
  who: DepositWriter,
  now: number,
): Promise<{ id: number; receiptId: number }> {
  const d = await writable(tx, input.depositId, who);
  checkAllowed('receive', d);
  if (input.receivedOn > (await billingToday(tx, d.lessorOrgId, now))) {
    throw invalidField('receivedOn', 'billing.dayInFuture');
  }
  if (input.amountCents > d.amountCents - d.receivedCents) throw conflict('deposits.overReceive');
  const { id: receiptId } = await tx
    .insert(receipts)
    .values({
      lessorOrgId: d.lessorOrgId,
      renterOrgId: d.renterOrgId,
      amountCents: input.amountCents,
      method: input.method,
      receivedOn: input.receivedOn,
      reference: input.reference,
      note: input.note,
      createdBy: who.userId,
      depositId: d.id,
    })
    .returning({ id: receipts.id })
    .get();
  await record(
    tx,
    d,
    {
      receivedCents: d.receivedCents + input.amountCents,
      appliedCents: d.appliedCents,
      refundedCents: d.refundedCents,
    },
    {
      kind: 'receive',
      amountCents: input.amountCents,
      receiptId,
      method: input.method,
      reference: input.reference,
      note: input.note,
      day: input.receivedOn,
      userId: who.userId,
    },
    now,
  );
  return { id: d.id, receiptId };
}

/**
 * `receiptVoid`, from the receipts' own void (server/src/billing/receipts.ts) inside its unit of work: the money it
 * brought leaves the deposit while none of the deposit was applied or refunded. No ledger row: none was written.
 */
export async function voidDepositReceipt(
  tx: Db,
  receipt: typeof receipts.$inferSelect,
  reason: string,
  userId: number,
  now: number,
): Promise<{ id: number }> {
  const d = (await tx.select().from(deposits).where(eq(deposits.id, receipt.depositId!)).get())!;
  if (d.appliedCents + d.refundedCents > 0) throw conflict('deposits.receiptUsed');
  checkAllowed('receiptVoid', d);
  await tx
    .update(receipts)
    .set({ voidedAt: new Date(now), voidedBy: userId, voidReason: reason })
    .where(eq(receipts.id, receipt.id))
    .run();
  await record(
    tx,
    d,
    { receivedCents: d.receivedCents - receipt.amountCents, appliedCents: 0, refundedCents: 0 },
    {
      kind: 'receiptVoid',
      amountCents: receipt.amountCents,
      receiptId: receipt.id,
      note: reason,
      day: await billingToday(tx, d.lessorOrgId, now),
      userId,
    },
    now,
  );
  return { id: receipt.id };
}

/** The apply and refund moves need the contract ended. */
async function checkEnded(tx: Db, d: DepositRow, move: DepositMoveKind) {
  if (!DEPOSIT_MOVES[move].contractEnded) return;
  const c = await tx.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, d.contractId)).get();
  const ended: number[] = [LEASE_STATUS.closed, LEASE_STATUS.terminated];
  if (!c || !ended.includes(c.status)) throw conflict('deposits.contractRunning');
}

/**
 * `apply`: part of what is held pays an open bill of the deposit's contract, as allocations of the deposit's receipts
 * (oldest first), with a `depositApplied` bill record row; the arrears are recomputed. The caller runs the arrears
 * pass after it, as after a receipt.
 */
export async function applyDeposit(
  db: Db,
  input: DepositApplyForm,
  who: DepositWriter,
  now: number,
): Promise<{ id: number; contractId: number; lessorOrgId: number }> {
  return unitOfWork(db, async (tx) => {
    const d = await writable(tx, input.depositId, who);
    checkAllowed('apply', d);
    await checkEnded(tx, d, 'apply');
    const bill = await tx.select().from(bills).where(eq(bills.id, input.billId)).get();
    if (!bill || bill.contractId !== d.contractId || (bill.state !== 'open' && bill.state !== 'partlyPaid')) {
      throw invalidField('billId', 'deposits.billRequired');
    }
    if (input.amountCents > heldCents(d)) throw conflict('deposits.overHeld');
    if (input.amountCents > bill.amountCents - bill.paidCents) throw conflict('deposits.overOwed');
    // The deposit's live receipts, each with what its allocations left of it.
    const sources = await tx
      .select({
        id: receipts.id,
        left: sql<number>`${receipts.amountCents} - coalesce((select sum(a.amount_cents) from allocations a
          where a.receipt_id = receipts.id), 0)`,
      })
      .from(receipts)
      .where(and(eq(receipts.depositId, d.id), isNull(receipts.voidedAt)))
      .orderBy(asc(receipts.receivedOn), asc(receipts.id))
      .all();
    const made: { receiptId: number; billId: number; amountCents: number }[] = [];
    let rest = input.amountCents;
    for (const s of sources) {
      if (rest === 0) break;
      const part = Math.min(rest, s.left);
      if (part <= 0) continue;
      made.push({ receiptId: s.id, billId: bill.id, amountCents: part });
      rest -= part;
    }
    // What is held is never less than what the receipts left unallocated (refunds allocate nothing).
    if (rest > 0) throw conflict('deposits.overHeld');
    await tx.insert(allocations).values(made).run();
    const paidCents = bill.paidCents + input.amountCents;
    await tx
      .update(bills)
      .set({ paidCents, state: billState(bill.amountCents, paidCents) })
      .where(eq(bills.id, bill.id))
      .run();
    const today = await billingToday(tx, d.lessorOrgId, now);
    await appendLedger(tx, [
      {
        lessorOrgId: d.lessorOrgId,
        renterOrgId: d.renterOrgId,
        type: 'depositApplied',
        billId: bill.id,
        receiptId: made[0]!.receiptId,
        subject: d.number,
        detail: bill.number,
        amountCents: -input.amountCents,
        day: today,
      },
    ]);
    await record(
      tx,
      d,
      {
        receivedCents: d.receivedCents,
        appliedCents: d.appliedCents + input.amountCents,
        refundedCents: d.refundedCents,
      },
      {
        kind: 'apply',
        amountCents: input.amountCents,
        billId: bill.id,
        reason: input.reason,
        note: input.note,
        day: today,
        userId: who.userId,
      },
      now,
    );
    await refreshArrears(tx, d.lessorOrgId, today, d.renterOrgId);
    return { id: d.id, contractId: d.contractId, lessorOrgId: d.lessorOrgId };
  });
}

/** `refund`: part of what is held paid back to the renter, never more than is held. No bill, balance or arrears. */
export async function refundDeposit(
  db: Db,
  input: DepositRefundForm,
  who: DepositWriter,
  now: number,
): Promise<{ id: number }> {
  return unitOfWork(db, async (tx) => {
    const d = await writable(tx, input.depositId, who);
    checkAllowed('refund', d);
    await checkEnded(tx, d, 'refund');
    if (input.refundedOn > (await billingToday(tx, d.lessorOrgId, now))) {
      throw invalidField('refundedOn', 'billing.dayInFuture');
    }
    if (input.amountCents > heldCents(d)) throw conflict('deposits.overHeld');
    await record(
      tx,
      d,
      {
        receivedCents: d.receivedCents,
        appliedCents: d.appliedCents,
        refundedCents: d.refundedCents + input.amountCents,
      },
      {
        kind: 'refund',
        amountCents: input.amountCents,
        method: input.method as ReceiptMethod,
        reference: input.reference,
        reason: input.reason,
        note: input.note,
        day: input.refundedOn,
        userId: who.userId,
      },
      now,
    );
    return { id: d.id };
  });
}
