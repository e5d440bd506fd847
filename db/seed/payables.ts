import { and, asc, eq } from 'drizzle-orm';
import { owedMonths, payableDueOn, payableNumber, payableState } from '@console/contract/http/payables';
import type { Db } from '../client.ts';
import { orgDay } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { subleases } from '../schema/lease-sublease.ts';
import { payablePayments, payables } from '../schema/payables.ts';
import { BUSINESSES, say } from './business.ts';

/**
 * What the demo's rental companies owe their sub-lessors (docs/decisions/079-sublessor-payables.md), written as the
 * scheduler's pass and the payment moves write them: every month of every sub-lease that is over on its company's
 * day, issued the day after its last day. The months before the last two are paid by bank transfer a few days before
 * they fell due; the first sub-lease's month before last is left unpaid past its due day (overdue) after a payment
 * voided for its wrong amount, the second's last month is half paid, and every last month not yet due is open. No
 * faker: by sub-lease id, after the sub-leases.
 */

const TEXT = {
  note: { zh: '月度转租租金', en: 'Monthly hire-in charge' },
  wrongAmount: { zh: '金额录入错误，已按正确金额重新登记', en: 'Entered with the wrong amount' },
} as const;

const DAY = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const atNoon = (day: string) => new Date(Date.parse(`${day}T04:00:00Z`));

export async function seedPayables(db: Db, now: number): Promise<void> {
  const rows = await db.select().from(subleases).orderBy(asc(subleases.id)).all();
  for (const [turn, s] of rows.entries()) {
    const today = await orgDay(db, s.orgId, now);
    const lang = await lessorLang(db, s.orgId);
    const clerk = (await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, s.orgId), eq(users.roleId, 10)))
      .orderBy(asc(users.id))
      .get()) ?? { id: s.createdBy };
    const months = owedMonths(s, today);
    for (const [i, m] of months.entries()) {
      const fromLast = months.length - 1 - i;
      const issuedOn = addDays(m.toOn, 1);
      const dueOn = payableDueOn(m.toOn);
      // What is paid on it: in full, half, or nothing (the overdue one, and last months not yet due).
      const overdue = turn === 0 && fromLast === 1;
      const paid =
        overdue || (fromLast === 0 && turn !== 1)
          ? 0
          : fromLast === 0
            ? Math.floor(m.amountCents / 2)
            : fromLast === 1 && dueOn >= today
              ? 0
              : m.amountCents;
      const made = await db
        .insert(payables)
        .values({
          number: payableNumber(s.number, m.month),
          orgId: s.orgId,
          sublessorOrgId: s.sublessorOrgId,
          subleaseId: s.id,
          deviceId: s.deviceId,
          ...m,
          paidCents: paid,
          state: payableState({ amountCents: m.amountCents, paidCents: paid, voided: false }),
          issuedOn,
          dueOn,
          createdAt: atNoon(issuedOn),
          updatedAt: atNoon(issuedOn),
        })
        .returning({ id: payables.id })
        .get();
      const paidOn = [addDays(dueOn, -3), issuedOn, today].sort()[1]!;
      if (overdue) {
        // Recorded with the wrong amount, then voided: the month is still owed.
        await db
          .insert(payablePayments)
          .values({
            payableId: made.id,
            amountCents: m.amountCents * 10,
            paidOn: issuedOn,
            method: 'transfer',
            reference: `FK${issuedOn.replaceAll('-', '')}${String(s.id).padStart(3, '0')}`,
            note: say(lang, TEXT.note),
            state: 'void',
            voidReason: say(lang, TEXT.wrongAmount),
            voidedBy: clerk.id,
            voidedAt: atNoon(issuedOn),
            createdBy: clerk.id,
            createdAt: atNoon(issuedOn),
          })
          .run();
      }
      if (paid > 0) {
        await db
          .insert(payablePayments)
          .values({
            payableId: made.id,
            amountCents: paid,
            paidOn,
            method: 'transfer',
            reference: `FK${paidOn.replaceAll('-', '')}${String(s.id).padStart(3, '0')}`,
            note: say(lang, TEXT.note),
            createdBy: clerk.id,
            createdAt: atNoon(paidOn),
          })
          .run();
      }
    }
  }
}

async function lessorLang(db: Db, lessorOrgId: number): Promise<'zh' | 'en'> {
  const lessor = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, lessorOrgId))
    .get();
  return BUSINESSES.find((b) => b.lessor === lessor?.name)?.lang ?? 'zh';
}
