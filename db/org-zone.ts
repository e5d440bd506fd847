import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
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

/**
 * The calendar zone of the organisation `orgId` (an id or a column of an outer query) as an SQL expression, null where
 * none is kept up its line: its own `billing_zones` row, else its parent's, up to four organisations (customer →
 * lessor → operator, as upTheLine). Joins, not a recursive query, so that it reads in one statement on both engines
 * and an outer query can carry it: the session's lookup answers its organisation's zone with the session, as every
 * request asks its organisation's day and a read of its own cost a round trip on PostgreSQL.
 */
export function orgZoneOf(db: Db, orgId: number | SQLWrapper): SQL<string | null> {
  const line = [0, 1, 2, 3].map((hop) => ({
    org: alias(organisations, `zone_org_${hop}`),
    zone: alias(billingZones, `zone_${hop}`),
  }));
  let query = db
    .select({
      timeZone: sql`coalesce(${sql.join(
        line.map(({ zone }) => zone.timeZone),
        sql`, `,
      )})`,
    })
    .from(line[0]!.org)
    .$dynamic();
  line.forEach(({ org, zone }, hop) => {
    if (hop) query = query.leftJoin(org, eq(org.id, line[hop - 1]!.org.parentId));
    query = query.leftJoin(zone, eq(zone.lessorOrgId, org.id));
  });
  return sql<string | null>`(${query.where(eq(line[0]!.org.id, orgId))})`;
}

export async function orgTimeZone(db: Db, orgId: number): Promise<string> {
  const row = await db.get<{ timeZone: string | null }>(sql`select ${orgZoneOf(db, orgId)} as "timeZone"`);
  return row?.timeZone ?? DEFAULT_ORG_ZONE;
}

/**
 * A lookup of many organisations at once (two reads, whatever the number of rows): the value kept for the
 * organisation or, failing that, for the nearest one above it (customer → lessor → operator, a handful of hops).
 * What orgTimeZone() and the server's orgBrand() find one by one, for lists whose rows belong to many organisations.
 */
export async function upTheLine<T>(db: Db, kept: Map<number, T>): Promise<(orgId: number) => T | undefined> {
  const parents = new Map(
    (await db.select({ id: organisations.id, parentId: organisations.parentId }).from(organisations).all()).map((o) => [
      o.id,
      o.parentId,
    ]),
  );
  return (orgId) => {
    let id: number | null | undefined = orgId;
    for (let hops = 0; id !== null && id !== undefined && hops < 4; hops++) {
      const value = kept.get(id);
      if (value !== undefined) return value;
      id = parents.get(id);
    }
    return undefined;
  };
}

/** Every organisation's calendar zone at once, as orgTimeZone() finds each. */
export async function orgTimeZones(db: Db): Promise<(orgId: number) => string> {
  const zones = await db
    .select({ orgId: billingZones.lessorOrgId, timeZone: billingZones.timeZone })
    .from(billingZones)
    .all();
  const zoneOf = await upTheLine(db, new Map(zones.map((z) => [z.orgId, z.timeZone])));
  return (orgId) => zoneOf(orgId) ?? DEFAULT_ORG_ZONE;
}

/** The calendar day (`YYYY-MM-DD`) at `now` in a zone. */
export const dayIn = (now: number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The organisation's calendar day at `now`. */
export const orgDay = async (db: Db, orgId: number, now: number): Promise<string> =>
  dayIn(now, await orgTimeZone(db, orgId));
