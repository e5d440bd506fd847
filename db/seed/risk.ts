import type { Db } from '../client.ts';
import { lockDaySettings } from '../schema/risk.ts';
import type { DemoOrganisations } from './accounts.ts';

/**
 * Lock day settings for every rental company, both triggers switched off, so a demo server locks nothing by itself
 * until someone switches them on (decisions 013 and 026, the README). The service expiry trigger would lock the
 * seeded machines whose service has expired, the arrears part (decision 039: its default steps) the machines on
 * lease of the seeded renters in arrears; neither has run before, so no step is recorded and no machine is locked,
 * and the server's first pass finds nothing due. Switching either on is the administrator's decision, after the
 * settings page's preview of what would move and when (decision 039, addendum).
 */
export async function seedRisk(db: Db, orgs: DemoOrganisations): Promise<void> {
  await db
    .insert(lockDaySettings)
    .values(
      orgs.lessors.map((orgId) => ({
        orgId,
        enabled: false,
        preLockDays: 0,
        intervalDays: 3,
        mode: 2,
        arrearsEnabled: false,
      })),
    )
    .onConflictDoNothing()
    .run();
}
