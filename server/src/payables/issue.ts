import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { subleases } from '@console/db/schema/lease-sublease';
import { payables } from '@console/db/schema/payables';
import { owedMonths, payableDueOn, payableNumber } from '@console/contract/http/payables';
import { orgTodays } from '../lib/org-day.ts';

/**
 * The payables a sub-lease owes its sub-lessor (docs/decisions/079-sublessor-payables.md): one per calendar month of
 * the sub-lease, its days within that month from the first day to the return day (or the agreed end while rented
 * in), at the sub-lease's cost over those days (contract/lease/sublease-cost.ts, cumulative, so the months add up to
 * the whole cost). A month is owed once its last day is past on the company's calendar: on the 1st for the month
 * before, on the day after a sub-lease's last day for its last month.
 */

const DAY = 86_400_000;

/**
 * One pass: every sub-lease of the companies asked (all of them by default) gets the payables of its months that are
 * over on its company's day and not yet issued. Idempotent: a sub-lease's month is issued once (a unique index on
 * the pair; a payable voided stays the month's), so a second pass issues nothing.
 */
export async function issuePayables(
  db: Db,
  now: number,
  only?: { lessorOrgId?: number },
): Promise<{ payables: number }> {
  const todayOf = await orgTodays(db, now);
  const rows = await db
    .select({
      id: subleases.id,
      number: subleases.number,
      orgId: subleases.orgId,
      sublessorOrgId: subleases.sublessorOrgId,
      deviceId: subleases.deviceId,
      businessModel: subleases.businessModel,
      dayCents: subleases.dayCents,
      monthCents: subleases.monthCents,
      startOn: subleases.startOn,
      endOn: subleases.endOn,
      returnedOn: subleases.returnedOn,
    })
    .from(subleases)
    .where(
      and(
        only?.lessorOrgId ? eq(subleases.orgId, only.lessorOrgId) : undefined,
        // Nothing is owed before a sub-lease's first month is over: a cheap bound before the days are counted.
        lt(subleases.startOn, new Date(now + DAY).toISOString().slice(0, 10)),
      ),
    )
    .all();
  if (rows.length === 0) return { payables: 0 };
  const issued = new Set<string>();
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((r) => r.id);
    for (const p of await db
      .select({ subleaseId: payables.subleaseId, month: payables.month })
      .from(payables)
      .where(inArray(payables.subleaseId, ids))
      .all()) {
      issued.add(`${p.subleaseId}:${p.month}`);
    }
  }
  const values: (typeof payables.$inferInsert)[] = [];
  for (const s of rows) {
    const today = todayOf(s.orgId);
    for (const m of owedMonths(s, today)) {
      if (issued.has(`${s.id}:${m.month}`)) continue;
      values.push({
        number: payableNumber(s.number, m.month),
        orgId: s.orgId,
        sublessorOrgId: s.sublessorOrgId,
        subleaseId: s.id,
        deviceId: s.deviceId,
        ...m,
        issuedOn: today,
        dueOn: payableDueOn(m.toOn),
        updatedAt: new Date(now),
      });
    }
  }
  let made = 0;
  for (let i = 0; i < values.length; i += 200) {
    // A pass running beside another (two servers) meets the unique index and leaves the month to it.
    const inserted = await db
      .insert(payables)
      .values(values.slice(i, i + 200))
      .onConflictDoNothing()
      .returning({ id: payables.id })
      .all();
    made += inserted.length;
  }
  return { payables: made };
}
