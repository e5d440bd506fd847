import { and, eq, gte, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { leasePeriods } from '@console/db/schema/lease-periods';

type Period = typeof leasePeriods.$inferSelect;

/**
 * What a machine's return on `day` ends (docs/decisions/041 and 059). Normally its open period. But a change that
 * repriced its line from a later day D cut that period at D-1 and opened the new terms' period from D: returned
 * before D, the machine ends the cut period on `day` (`covering`), and the new terms' period never began (`later`:
 * it has no bill, since nothing is billed before its start, and no handover). Null when the machine is out under
 * none of them (the caller refuses it).
 */
export async function periodsOnReturn(db: Db, deviceIds: number[], day: string) {
  if (deviceIds.length === 0) return new Map<number, { covering: Period; later: Period[] }>();
  const rows = await db
    .select()
    .from(leasePeriods)
    .where(
      and(
        inArray(leasePeriods.deviceId, deviceIds),
        or(isNull(leasePeriods.endOn), and(isNotNull(leasePeriods.endedByChangeId), gte(leasePeriods.endOn, day))),
      ),
    )
    .orderBy(leasePeriods.startOn)
    .all();
  const out = new Map<number, { covering: Period; later: Period[] }>();
  for (const id of deviceIds) {
    const own = rows.filter((p) => p.deviceId === id);
    // The period running on `day`; else the open one (a return before its start is refused by checkReturnDay).
    const covering = own.findLast((p) => p.startOn <= day) ?? own.find((p) => p.endOn === null);
    if (covering) out.set(id, { covering, later: own.filter((p) => p.startOn > covering.startOn) });
  }
  return out;
}

/**
 * End the period a return ends on its day, recorded by the exit: a real return now (no longer a change's cut, so its
 * last days get their exit bill), and the new terms' periods that never began are removed.
 */
export async function endOnReturn(
  db: Db,
  found: { covering: Period; later: Period[] },
  day: string,
  exitId: number,
): Promise<void> {
  await db
    .update(leasePeriods)
    .set({ endOn: day, exitId, endedByChangeId: null })
    .where(eq(leasePeriods.id, found.covering.id))
    .run();
  for (const never of found.later) await db.delete(leasePeriods).where(eq(leasePeriods.id, never.id)).run();
}
