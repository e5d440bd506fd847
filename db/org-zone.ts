import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { organisations } from './schema/accounts.ts';
import { billingZones } from './schema/lease-billing.ts';

/**
 * An organisation's calendar zone (docs/decisions/026-demo-data.md, addendum "the organisation's day"): the zone its
 * rental company keeps its business days and bills in (decision 036: `billing_zones`). Customers, stores and
 * sub-lessors follow the company above them, like its brand (decision 064); the operator and anyone without one keep
 * Beijing time. Here, below the server, so the seeds count their days in the zone the server reads them in.
 */
export const DEFAULT_ORG_ZONE = 'Asia/Shanghai';

export function orgTimeZone(db: Db, orgId: number): string {
  let id: number | null = orgId;
  // Up the tree (customer → lessor → operator): a handful of hops at most.
  for (let hops = 0; id !== null && hops < 4; hops++) {
    const row = db
      .select({ timeZone: billingZones.timeZone })
      .from(billingZones)
      .where(eq(billingZones.lessorOrgId, id))
      .get();
    if (row) return row.timeZone;
    id =
      db.select({ parentId: organisations.parentId }).from(organisations).where(eq(organisations.id, id)).get()
        ?.parentId ?? null;
  }
  return DEFAULT_ORG_ZONE;
}

/** The calendar day (`YYYY-MM-DD`) at `now` in a zone. */
export const dayIn = (now: number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The organisation's calendar day at `now`. */
export const orgDay = (db: Db, orgId: number, now: number): string => dayIn(now, orgTimeZone(db, orgId));
