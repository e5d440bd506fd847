import type { Db } from '@console/db/client';
import { orgTimeZone } from '@console/db/org-zone';
import { dayInZone } from './time.ts';

/**
 * An organisation's calendar (docs/decisions/026-demo-data.md, addendum "the organisation's day"): the zone it
 * keeps its business days in, its rental company's (`@console/db/org-zone`: decision 036's `billing_zones`, none:
 * Beijing time). Every day the organisation's records carry (a document number's day, days on lease, the default day
 * of a receipt, "today" of its reports) is a day of this calendar, never of the browser's zone nor of UTC.
 */
export { DEFAULT_ORG_ZONE, orgTimeZone } from '@console/db/org-zone';

/** The organisation's calendar day at `now` (`YYYY-MM-DD`). */
export const orgToday = (db: Db, orgId: number, now: number) => dayInZone(now, orgTimeZone(db, orgId));

/** The organisation's day at `now` as a document number writes it (`YYYYMMDD`). */
export const orgNumberDay = (db: Db, orgId: number, now: number) => orgToday(db, orgId, now).replaceAll('-', '');

/** Each organisation's today at `now`, read once per organisation: for lists whose rows belong to several. */
export function orgTodays(db: Db, now: number): (orgId: number) => string {
  const todays = new Map<number, string>();
  return (orgId) => {
    let today = todays.get(orgId);
    if (today === undefined) todays.set(orgId, (today = orgToday(db, orgId, now)));
    return today;
  };
}
