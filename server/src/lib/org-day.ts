import type { Db } from '@console/db/client';
import { orgTimeZone, orgTimeZones } from '@console/db/org-zone';
import { dayInZone } from './time.ts';

/**
 * An organisation's calendar (docs/decisions/026-demo-data.md, addendum "the organisation's day"): the zone it
 * keeps its business days in, its rental company's (`@console/db/org-zone`: decision 036's `billing_zones`, none:
 * Beijing time). Every day the organisation's records carry (a document number's day, days on lease, the default day
 * of a receipt, "today" of its reports) is a day of this calendar, never of the browser's zone nor of UTC.
 */
export { DEFAULT_ORG_ZONE, orgTimeZone } from '@console/db/org-zone';

/** The organisation's calendar day at `now` (`YYYY-MM-DD`). */
export const orgToday = async (db: Db, orgId: number, now: number) => dayInZone(now, await orgTimeZone(db, orgId));

/** The organisation's day at `now` as a document number writes it (`YYYYMMDD`). */
export const orgNumberDay = async (db: Db, orgId: number, now: number) =>
  (await orgToday(db, orgId, now)).replaceAll('-', '');

/** Each organisation's today at `now`, the zones read once for all: for lists whose rows belong to several. */
export async function orgTodays(db: Db, now: number): Promise<(orgId: number) => string> {
  const zoneOf = await orgTimeZones(db);
  const todays = new Map<string, string>();
  return (orgId) => {
    const zone = zoneOf(orgId);
    let today = todays.get(zone);
    if (today === undefined) todays.set(zone, (today = dayInZone(now, zone)));
    return today;
  };
}
