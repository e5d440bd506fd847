import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
 * The calendar zone of the organisation `orgId` (an id, or a column of an outer query) as a value, null where none is
 * kept up its line: its own `billing_zones` row, else the nearest one above it (customer → lessor → operator: four
 * organisations at most, as upTheLine). One statement on both engines, so an outer query can carry it: the session's
 * lookup answers its organisation's zone with the session, as every request asks its organisation's day and a read of
 * its own cost a round trip on PostgreSQL. Recursive rather than four joins, which PostgreSQL takes three times as long to
 * plan (0.7 against 0.2 ms, each request: its statements are not prepared).
 * The start is cast: PostgreSQL would type an untyped parameter of a recursive query as text.
 */
export function orgZoneOf(orgId: number | SQLWrapper): SQL<string | null> {
  return sql<string | null>`(
    with recursive line(id, hops) as (
      select cast(${orgId} as bigint), 0
      union all
      select o.parent_id, line.hops + 1 from ${organisations} o join line on o.id = line.id
      where o.parent_id is not null and line.hops < 3
    )
    select ${billingZones.timeZone} from line join ${billingZones} on ${billingZones.lessorOrgId} = line.id
    order by line.hops limit 1)`;
}

export async function orgTimeZone(db: Db, orgId: number): Promise<string> {
  const row = await db.get<{ timeZone: string | null }>(sql`select ${orgZoneOf(orgId)} as "timeZone"`);
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
