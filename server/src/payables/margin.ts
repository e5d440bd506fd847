import { and, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { subleases } from '@console/db/schema/lease-sublease';
import { payables } from '@console/db/schema/payables';
import type { ScopedData } from '../lib/data.ts';

/**
 * The margin of the machines rented in, for the revenue analysis's machines (docs/decisions/079-sublessor-payables.md):
 * for each machine asked that a sub-lease of a company in scope covers on some day of the range, the payables
 * (not void) whose last day falls within the range, as a bill line counts in the month of its last day (decision
 * 040). A machine no sub-lease covers is not in the answer: it has no margin to show.
 */
export async function payablesOfMachines(
  data: ScopedData,
  range: { from: string; to: string },
  deviceIds: number[],
  lessors?: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (deviceIds.length === 0) return out;
  const inLessors = (column: typeof subleases.orgId | typeof payables.orgId) =>
    lessors ? inArray(column, lessors.length > 0 ? lessors : [0]) : undefined;
  const rentedIn = await data
    .selectDistinct({ deviceId: subleases.deviceId })
    .from(subleases, data.orgScope(subleases.orgId))
    .where(
      and(
        inArray(subleases.deviceId, deviceIds),
        inLessors(subleases.orgId),
        lte(subleases.startOn, range.to),
        gte(sql`coalesce(${subleases.returnedOn}, ${subleases.endOn})`, range.from),
      ),
    )
    .all();
  for (const r of rentedIn) out.set(r.deviceId, 0);
  if (out.size === 0) return out;
  const owed = await data
    .select({
      deviceId: payables.deviceId,
      cents: sql<number>`cast(coalesce(sum(${payables.amountCents}), 0) as bigint)`,
    })
    .from(payables, data.orgScope(payables.orgId))
    .where(
      and(
        inArray(payables.deviceId, [...out.keys()]),
        inLessors(payables.orgId),
        ne(payables.state, 'void'),
        gte(payables.toOn, range.from),
        lte(payables.toOn, range.to),
      ),
    )
    .groupBy(payables.deviceId)
    .all();
  for (const r of owed) out.set(r.deviceId, Number(r.cents));
  return out;
}
