import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { payablePayments, payables } from '@console/db/schema/payables';
import {
  payableState,
  type PayablePayForm,
  type PayableVoidForm,
  type PaymentVoidForm,
} from '@console/contract/http/payables';
import { LEASE_MANAGER_ROLES } from '@console/contract/codes/lease-flow';
import { conflict, invalidField, notFound } from '../lib/errors.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { orgToday } from '../lib/org-day.ts';
import type { SessionUser } from '../lib/session.ts';

/**
 * The moves on a payable (docs/decisions/079-sublessor-payables.md): a payment recorded, a payment voided with its
 * reason, a payable voided with its reason. Each runs in one unit of work that reads the payable again, checks the
 * writer and keeps `paid_cents` and the state with the live payments.
 */

/**
 * Whether a user records payments for a company: its own administrator and staff. The operator's finance reads every
 * company's payables but pays none: paying is the company's own purchasing.
 */
export function mayWritePayables(user: SessionUser): (lessorOrgId: number) => boolean {
  const manager = user.orgKind === 'lessor' && (LEASE_MANAGER_ROLES as readonly number[]).includes(user.roleId);
  return (id) => manager && id === user.orgId;
}

export interface PayableWriter {
  userId: number;
  mayWrite: (lessorOrgId: number) => boolean;
}

type PayableRecord = typeof payables.$inferSelect;

async function writable(tx: Db, id: number, who: PayableWriter): Promise<PayableRecord> {
  const p = await tx.select().from(payables).where(eq(payables.id, id)).get();
  if (!p || !who.mayWrite(p.orgId)) throw notFound();
  return p;
}

/** The payable's paid figure and state from its live payments. */
async function settle(tx: Db, p: PayableRecord, now: number) {
  const paid = await tx
    .select({ cents: sql<number>`cast(coalesce(sum(${payablePayments.amountCents}), 0) as bigint)` })
    .from(payablePayments)
    .where(and(eq(payablePayments.payableId, p.id), eq(payablePayments.state, 'live')))
    .get();
  const paidCents = Number(paid?.cents ?? 0);
  await tx
    .update(payables)
    .set({
      paidCents,
      state: payableState({ amountCents: p.amountCents, paidCents, voided: p.state === 'void' }),
      updatedAt: new Date(now),
    })
    .where(eq(payables.id, p.id))
    .run();
}

/** A payment to the sub-lessor: on a payable not void, at most what it still owes, on a day not after today. */
export async function payPayable(db: Db, input: PayablePayForm, who: PayableWriter, now: number) {
  return unitOfWork(db, async (tx) => {
    const p = await writable(tx, input.payableId, who);
    if (p.state === 'void') throw conflict('payables.isVoid');
    if (p.state === 'paid') throw conflict('payables.alreadyPaid');
    if (input.paidOn > (await orgToday(tx, p.orgId, now))) throw invalidField('paidOn', 'payables.dayInFuture');
    if (input.amountCents > p.amountCents - p.paidCents) throw invalidField('amountCents', 'payables.overOwed');
    const made = await tx
      .insert(payablePayments)
      .values({
        payableId: p.id,
        amountCents: input.amountCents,
        paidOn: input.paidOn,
        method: input.method,
        reference: input.reference,
        note: input.note,
        createdBy: who.userId,
        createdAt: new Date(now),
      })
      .returning({ id: payablePayments.id })
      .get();
    await settle(tx, p, now);
    return { id: made.id };
  });
}

/** A payment voided with its reason: what it paid is owed again. */
export async function voidPayment(db: Db, input: PaymentVoidForm, who: PayableWriter, now: number) {
  return unitOfWork(db, async (tx) => {
    const pay = await tx.select().from(payablePayments).where(eq(payablePayments.id, input.paymentId)).get();
    if (!pay) throw notFound();
    const p = await writable(tx, pay.payableId, who);
    if (pay.state === 'void') throw conflict('payables.paymentVoided');
    await tx
      .update(payablePayments)
      .set({ state: 'void', voidReason: input.reason, voidedBy: who.userId, voidedAt: new Date(now) })
      .where(eq(payablePayments.id, pay.id))
      .run();
    await settle(tx, p, now);
    return { id: pay.id };
  });
}

/** A payable voided with its reason (the month is not owed): only while no live payment is on it. */
export async function voidPayable(db: Db, input: PayableVoidForm, who: PayableWriter, now: number) {
  return unitOfWork(db, async (tx) => {
    const p = await writable(tx, input.payableId, who);
    if (p.state === 'void') throw conflict('payables.isVoid');
    if (p.paidCents > 0) throw conflict('payables.hasPayments');
    await tx
      .update(payables)
      .set({
        state: 'void',
        voidReason: input.reason,
        voidedBy: who.userId,
        voidedAt: new Date(now),
        updatedAt: new Date(now),
      })
      .where(eq(payables.id, p.id))
      .run();
    return { id: p.id };
  });
}
