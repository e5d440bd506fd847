import type { Db } from '@console/db/client';
import { orgDay } from '@console/db/org-zone';

/**
 * Whether a machine's service ran out before today in its company's calendar (the renewal demo's stopped machines):
 * its unit's connection is cut, so the fleet manifest leaves it out.
 */
export const serviceStopped = async (db: Db, d: { serviceExpiresAt: string | null; orgId: number }, now: number) =>
  d.serviceExpiresAt !== null && d.serviceExpiresAt < (await orgDay(db, d.orgId, now));
