/**
 * Credit notes (docs/decisions/074-charges-and-credit-notes.md): a bill is corrected by a document of its own, never
 * edited or deleted. A note takes at most the bill's remaining amount (what it asks less what receipts paid), so a
 * bill never goes negative nor below what was paid.
 */
import { and, eq, isNull, sum } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { writeCreditNote } from '@console/db/billing/charges';
import { creditNotes } from '@console/db/schema/charges';
import { allocations, bills, receipts } from '@console/db/schema/lease-billing';
import { invoiceItems } from '@console/db/schema/invoices';
import type { AppDeps } from '../lib/deps.ts';
import { conflict, invalidField, notFound } from '../lib/errors.ts';
import { orgBrand } from '../lib/org-brand.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { billingToday } from '../billing/zone.ts';

/** What a credit note may still take off a bill: what it asks less what live receipts paid; none on a void bill. */
export async function creditableCents(db: Db, bill: typeof bills.$inferSelect): Promise<number> {
  if (bill.state === 'void') return 0;
  const paid = await db
    .select({ cents: sum(allocations.amountCents) })
    .from(allocations)
    .innerJoin(receipts, eq(receipts.id, allocations.receiptId))
    .where(and(eq(allocations.billId, bill.id), isNull(receipts.voidedAt)))
    .get();
  return Math.max(0, bill.amountCents - Math.max(bill.paidCents, Number(paid?.cents ?? 0)));
}

/** What a bill's credit notes took off it together. */
export async function creditedCents(db: Db, billId: number): Promise<number> {
  const row = await db
    .select({ cents: sum(creditNotes.amountCents) })
    .from(creditNotes)
    .where(eq(creditNotes.billId, billId))
    .get();
  return Number(row?.cents ?? 0);
}

export async function issueCreditNote(
  deps: AppDeps,
  db: Db,
  input: { billId: number; reason: string; lines: { description: string; amountCents: number }[] },
  who: { userId: number; mayCredit: (lessorOrgId: number) => boolean },
  now: number,
): Promise<{ id: number; number: string; billAmountCents: number }> {
  const made = await unitOfWork(db, async (tx) => {
    const bill = await tx.select().from(bills).where(eq(bills.id, input.billId)).get();
    if (!bill || !who.mayCredit(bill.lessorOrgId)) throw notFound();
    if (bill.state === 'void') throw conflict('billing.billVoided');
    // An invoice asked for the bill carries its amount: it is withdrawn before the bill is credited (decision 051).
    const invoiced = await tx
      .select({ id: invoiceItems.id })
      .from(invoiceItems)
      .where(and(eq(invoiceItems.source, 'bill'), eq(invoiceItems.sourceId, bill.id), eq(invoiceItems.live, true)))
      .get();
    if (invoiced) throw conflict('charges.billInvoiced');
    const total = input.lines.reduce((s, l) => s + l.amountCents, 0);
    if (total > (await creditableCents(tx, bill))) throw invalidField('lines', 'charges.creditBeyondRemaining');
    const { taxRegime } = await orgBrand(deps, tx, bill.lessorOrgId);
    const today = await billingToday(tx, bill.lessorOrgId, now);
    const note = await writeCreditNote(
      tx,
      { bill, reason: input.reason, lines: input.lines, userId: who.userId, regime: taxRegime },
      today,
      now,
    );
    return { ...note, lessorOrgId: bill.lessorOrgId, contractId: bill.contractId };
  });
  return { id: made.id, number: made.number, billAmountCents: made.billAmountCents };
}
