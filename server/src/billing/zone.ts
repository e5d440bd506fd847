import { DEFAULT_ORG_ZONE, orgTimeZone, orgToday } from '../lib/org-day.ts';

/** A lessor's billing days are counted in its organisation's calendar; a lessor without a zone bills on Beijing time. */
export const DEFAULT_BILLING_ZONE = DEFAULT_ORG_ZONE;

export const billingZone = orgTimeZone;

/** The lessor's calendar day at `now`. */
export const billingToday = orgToday;
