import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { addDays, billState } from '@console/contract/codes/lease-billing';
import type { TaxRegime } from '@console/contract/codes/tax-regimes';
import type { Db } from '../client.ts';
import { creditNoteNumber } from '../doc-numbers.ts';
import { charges, creditNoteLines, creditNotes } from '../schema/charges.ts';
import { bills } from '../schema/lease-billing.ts';
import { allocate } from './allocate.ts';
import { appendLedger, refreshArrears } from './ledger.ts';

/**
 * The billing pass's part of charges beyond rent (docs/decisions/074-charges-and-credit-notes.md): a pending charge
 * billed `next` is carried by the first bill the pass issues for its contract, once.
 */

export interface PendingCharge {
  id: number;
  contractId: number;
  amountCents: number;
}

/** A lessor's pending `next` charges by contract, oldest first (one read on the lessor's pending charges). */
export async function pendingNextCharges(db: Db, lessorOrgId: number): Promise<Map<number, PendingCharge[]>> {
  const rows = await db
    .select({ id: charges.id, contractId: charges.contractId, amountCents: charges.amountCents })
    .from(charges)
    .where(and(eq(charges.orgId, lessorOrgId), eq(charges.state, 'pending'), eq(charges.billing, 'next')))
    .orderBy(asc(charges.id))
    .all();
  const byContract = new Map<number, PendingCharge[]>();
  for (const row of rows) byContract.set(row.contractId, [...(byContract.get(row.contractId) ?? []), row]);
  return byContract;
}

/** Take a contract's pending charges for a bill: the first bill of the contract gets them all, later ones none. */
export function takeCharges(pending: Map<number, PendingCharge[]>, contractId: number): PendingCharge[] {
  const taken = pending.get(contractId) ?? [];
  pending.delete(contractId);
  return taken;
}

/**
 * Mark charges billed on their bills. Only a pending charge moves (CHARGE_MOVES.bill); the count moved must be the
 * count asked, or the unit of work stops: a charge is never on two bills.
 */
export async function markChargesBilled(db: Db, billed: { chargeIds: number[]; billId: number }[]): Promise<void> {
  for (const { chargeIds, billId } of billed) {
    if (chargeIds.length === 0) continue;
    const moved = await db
      .update(charges)
      .set({ state: 'billed', billId })
      .where(and(inArray(charges.id, chargeIds), eq(charges.state, 'pending')))
      .returning({ id: charges.id })
      .all();
    if (moved.length !== chargeIds.length) throw new Error(`charges ${chargeIds.join(',')} were billed meanwhile`);
  }
}

/** The next bill id, given inside the unit of work's write lock (as issuing does) so the number can carry it. */
async function nextBillId(db: Db): Promise<number> {
  return (
    ((
      await db
        .select({ top: max(bills.id) })
        .from(bills)
        .get()
    )?.top ?? 0) + 1
  );
}

/**
 * Bill a pending charge at once, on a bill of its own (kind `charge`, `<contract>-C<charge>`, due after the
 * contract's due days), with its ledger row, money paid in advance allocated to it and the renter's arrears. Inside
 * the caller's unit of work; `today` is the lessor's billing day. Shared by the server and the demo seed.
 */
export async function writeChargeBill(
  db: Db,
  charge: { id: number; orgId: number; renterOrgId: number; contractId: number; amountCents: number },
  contract: { number: string; dueDays: number },
  today: string,
): Promise<number> {
  const id = await nextBillId(db);
  const number = `${contract.number}-C${charge.id}`;
  await db
    .insert(bills)
    .values({
      id,
      number,
      lessorOrgId: charge.orgId,
      renterOrgId: charge.renterOrgId,
      contractId: charge.contractId,
      kind: 'charge',
      periodStart: today,
      periodEnd: today,
      issuedOn: today,
      dueOn: addDays(today, contract.dueDays),
      amountCents: charge.amountCents,
      state: billState(charge.amountCents, 0),
    })
    .run();
  await markChargesBilled(db, [{ chargeIds: [charge.id], billId: id }]);
  await appendLedger(db, [
    {
      lessorOrgId: charge.orgId,
      renterOrgId: charge.renterOrgId,
      type: 'bill',
      billId: id,
      subject: number,
      detail: `${today}~${today}`,
      amountCents: charge.amountCents,
      day: today,
    },
  ]);
  await allocate(db, charge.orgId, charge.renterOrgId);
  await refreshArrears(db, charge.orgId, today, charge.renterOrgId);
  return id;
}

/**
 * A voided bill's charges go back to pending (CHARGE_MOVES.release): a bill re-issued for the same days, or the
 * contract's next bill, carries them again; nothing stays billed on a void bill.
 */
export async function releaseCharges(db: Db, billId: number): Promise<void> {
  await db
    .update(charges)
    .set({ state: 'pending', billId: null })
    .where(and(eq(charges.billId, billId), eq(charges.state, 'billed')))
    .run();
}

export interface CreditNoteDraft {
  bill: typeof bills.$inferSelect;
  reason: string;
  lines: { description: string; amountCents: number }[];
  userId: number;
  regime: TaxRegime;
}

/**
 * Write a credit note against a bill whose remaining amount the caller checked covers it: the note and its lines,
 * the bill asking that much less (its state by what was paid), a `creditNote` ledger row taking it off the balance,
 * and the renter's arrears. Inside the caller's unit of work; `today` is the lessor's billing day.
 */
export async function writeCreditNote(
  db: Db,
  draft: CreditNoteDraft,
  today: string,
  now: number,
): Promise<{ id: number; number: string; billAmountCents: number }> {
  const { bill } = draft;
  const amountCents = draft.lines.reduce((s, l) => s + l.amountCents, 0);
  const id =
    ((
      await db
        .select({ top: max(creditNotes.id) })
        .from(creditNotes)
        .get()
    )?.top ?? 0) + 1;
  const number = creditNoteNumber(draft.regime, id, today.replaceAll('-', ''));
  await db
    .insert(creditNotes)
    .values({
      id,
      number,
      orgId: bill.lessorOrgId,
      renterOrgId: bill.renterOrgId,
      billId: bill.id,
      contractId: bill.contractId,
      issuedOn: today,
      amountCents,
      reason: draft.reason,
      createdBy: draft.userId,
      createdAt: new Date(now),
    })
    .run();
  await db
    .insert(creditNoteLines)
    .values(draft.lines.map((l) => ({ creditNoteId: id, description: l.description, amountCents: l.amountCents })))
    .run();
  const billAmountCents = bill.amountCents - amountCents;
  await db
    .update(bills)
    .set({ amountCents: billAmountCents, state: billState(billAmountCents, bill.paidCents) })
    .where(eq(bills.id, bill.id))
    .run();
  await appendLedger(db, [
    {
      lessorOrgId: bill.lessorOrgId,
      renterOrgId: bill.renterOrgId,
      type: 'creditNote',
      billId: bill.id,
      subject: number,
      detail: draft.reason,
      amountCents: -amountCents,
      day: today,
    },
  ]);
  await refreshArrears(db, bill.lessorOrgId, today, bill.renterOrgId);
  return { id, number, billAmountCents };
}
