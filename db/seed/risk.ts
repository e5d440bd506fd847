import type { Db } from '../client.ts';
import { lockDaySettings } from '../schema/risk.ts';
import type { DemoOrganisations } from './accounts.ts';

/**
 * Lock day settings for every rental company: the service expiry trigger switched off (a demo server must not lock
 * the seeded machines whose service has expired until someone decides to; the settings page previews what
 * switching on would do); arrears locking on with the default steps (decision 039), so the seeded renters in
 * arrears get their reminders and their machines their lock steps at the server's first scheduler pass.
 */
export function seedRisk(db: Db, orgs: DemoOrganisations): void {
  db.insert(lockDaySettings)
    .values(
      orgs.lessors.map((orgId) => ({
        orgId,
        enabled: false,
        preLockDays: 0,
        intervalDays: 3,
        mode: 2,
        arrearsEnabled: true,
      })),
    )
    .onConflictDoNothing()
    .run();
}
