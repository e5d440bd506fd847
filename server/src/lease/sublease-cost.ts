import { and, eq, gte, inArray, lte, sql, type SQLWrapper } from 'drizzle-orm';

import { devices } from '@console/db/schema/devices';
import { subleases } from '@console/db/schema/lease-sublease';
import { subleaseCostCents } from '@console/contract/lease/sublease-cost';
import type { ScopedData } from '../lib/data.ts';

/**
 * The cost of the machines rented in over a range, in total and per month of the range (`YYYY-MM`), for the revenue
 * analysis (decision 040, 042): every sub-lease of the lessors in scope that overlaps the range, narrowed to a
 * machine kind when the filter names one, and to the machines billed under the filter when it names a store, a
 * renter or a salesperson (as the machines' expenses are: a cost is put on a store's contract only by its bills),
 * and to the lessors billing in one currency when it names them.
 */
export async function subleaseCostOf(
  data: ScopedData,
  range: { from: string; to: string },
  months: string[],
  narrow: { kind?: string; billedMachines?: SQLWrapper; lessors?: number[] },
): Promise<{ totalCents: number; byMonth: Map<string, number> }> {
  const rows = await data
    .select({
      businessModel: subleases.businessModel,
      dayCents: subleases.dayCents,
      monthCents: subleases.monthCents,
      startOn: subleases.startOn,
      endOn: subleases.endOn,
      returnedOn: subleases.returnedOn,
    })
    .from(subleases, data.orgScope(subleases.orgId))
    .innerJoin(devices, eq(devices.id, subleases.deviceId))
    .where(
      and(
        lte(subleases.startOn, range.to),
        gte(sql`coalesce(${subleases.returnedOn}, ${subleases.endOn})`, range.from),
        narrow.kind ? eq(devices.kind, narrow.kind as never) : undefined,
        // The lessors of one currency: costs of two currencies are never added up (decision 064).
        narrow.lessors ? inArray(subleases.orgId, narrow.lessors.length > 0 ? narrow.lessors : [0]) : undefined,
        narrow.billedMachines ? inArray(subleases.deviceId, narrow.billedMachines) : undefined,
      ),
    )
    .all();
  const byMonth = new Map<string, number>();
  for (const month of months) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const from = `${month}-01` > range.from ? `${month}-01` : range.from;
    const to = monthEnd < range.to ? monthEnd : range.to;
    byMonth.set(
      month,
      rows.reduce((sum, terms) => sum + subleaseCostCents(terms, { from, to }), 0),
    );
  }
  return { totalCents: [...byMonth.values()].reduce((a, b) => a + b, 0), byMonth };
}
