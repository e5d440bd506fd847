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
 * they fell due; per company, its first sub-lease's month before last is left unpaid past its due day (overdue) after
 * a payment voided for its wrong amount, its second's last month is half paid, and every last month not yet due is
 * open; its first sub-lease running since January has a month voided (waived by the sub-lessor) and an earlier one
 * part paid and long overdue. Texts in the company's language. No faker: by sub-lease id, after the sub-leases.
 */

const TEXT = {
  note: { zh: '月度转租租金', en: 'Monthly hire-in charge' },
  wrongAmount: { zh: '金额录入错误，已按正确金额重新登记', en: 'Entered with the wrong amount' },
  partNote: { zh: '先付部分，余款待对账后支付', en: 'Part paid; the rest after the statement is reconciled' },
  waived: {
    zh: '设备整月返厂维修，转租方同意免收当月租金',
    en: 'Machine back at the workshop the whole month; the sub-lessor waived the charge',
  },
} as const;

/** A long sub-lease's months (the first of its company's in stock since January): one waived, one part paid, past due. */
const WAIVED_FROM_LAST = 3;
const PART_PAID_FROM_LAST = 5;

const DAY = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const atNoon = (day: string) => new Date(Date.parse(`${day}T04:00:00Z`));

export async function seedPayables(db: Db, now: number): Promise<void> {
  const rows = await db.select().from(subleases).orderBy(asc(subleases.id)).all();
  // Each company's sub-leases counted apart, so each brand's payables (in its language) show every state.
  const turns = new Map<number, number>();
  const longOnes = new Set<number>();
  for (const s of rows) {
    const today = await orgDay(db, s.orgId, now);
    const long = owedMonths(s, today).length > PART_PAID_FROM_LAST;
    if (long && ![...longOnes].some((id) => rows.find((r) => r.id === id)!.orgId === s.orgId)) longOnes.add(s.id);
  }
  for (const s of rows) {
    const turn = turns.get(s.orgId) ?? 0;
    turns.set(s.orgId, turn + 1);
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
      const waived = longOnes.has(s.id) && fromLast === WAIVED_FROM_LAST;
      const partPaid = longOnes.has(s.id) && fromLast === PART_PAID_FROM_LAST;
      const paid =
        overdue || waived || (fromLast === 0 && turn !== 1)
          ? 0
          : fromLast === 0
            ? Math.floor(m.amountCents / 2)
            : partPaid
              ? Math.floor((m.amountCents * 0.6) / 100) * 100
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
          state: payableState({ amountCents: m.amountCents, paidCents: paid, voided: waived }),
          issuedOn,
          dueOn,
          // Voided by the clerk a week after it was issued, with the sub-lessor's word: it stays the month's.
          ...(waived
            ? { voidReason: say(lang, TEXT.waived), voidedBy: clerk.id, voidedAt: atNoon(addDays(issuedOn, 7)) }
            : {}),
          createdAt: atNoon(issuedOn),
          updatedAt: atNoon(waived ? addDays(issuedOn, 7) : issuedOn),
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
            note: say(lang, partPaid ? TEXT.partNote : TEXT.note),
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
