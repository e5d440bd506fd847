import { eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { billingZones } from '@console/db/schema/lease-billing';
import { dayInZone } from '../lib/time.ts';

/** A lessor's billing days are counted in its zone; a lessor without one bills on Beijing time. */
export const DEFAULT_BILLING_ZONE = 'Asia/Shanghai';

export function billingZone(db: Db, lessorOrgId: number): string {
  const row = db.select().from(billingZones).where(eq(billingZones.lessorOrgId, lessorOrgId)).get();
  return row?.timeZone ?? DEFAULT_BILLING_ZONE;
}

/** The lessor's calendar day at `now`. */
export const billingToday = (db: Db, lessorOrgId: number, now: number) => dayInZone(now, billingZone(db, lessorOrgId));
