import type { Faker } from '@faker-js/faker';
import { isImei } from '@console/contract/codes/sim-cards';
import type { Db } from '../client.ts';
import { devices } from '../schema/devices.ts';
import { SIM_CARRIERS, simCards } from '../schema/sim-cards.ts';
import type { DemoOrganisations } from './accounts.ts';
import { dayOf } from './maintenance-fleet.ts';

/** A valid IMEI: 14 random digits and the Luhn check digit. */
function imei(f: Faker): string {
  const body = f.string.numeric(14);
  for (let check = 0; check < 10; check++) if (isImei(`${body}${check}`)) return `${body}${check}`;
  throw new Error('unreachable: one check digit always fits');
}

/** One SIM card in every machine (expiring with its service), and a few spare cards per lessor. */
export async function seedSimCards(db: Db, f: Faker, orgs: DemoOrganisations, now: number): Promise<void> {
  const day = 24 * 3600 * 1000;
  const carrier = () =>
    f.helpers.weightedArrayElement(SIM_CARRIERS.map((value, i) => ({ value, weight: [5, 3, 2, 1][i]! })));
  const rows: (typeof simCards.$inferInsert)[] = (
    await db
      .select({ id: devices.id, orgId: devices.orgId, expires: devices.serviceExpiresAt })
      .from(devices)
      .orderBy(devices.id)
      .all()
  ).map((d) => ({
    orgId: d.orgId,
    iccid: `8986${f.string.numeric(16)}`,
    imei: imei(f),
    carrier: carrier(),
    serviceExpiresAt: d.expires,
    deviceId: d.id,
  }));
  for (const orgId of orgs.lessors) {
    for (let i = 0; i < 10; i++) {
      rows.push({
        orgId,
        iccid: `8986${f.string.numeric(16)}`,
        imei: imei(f),
        carrier: carrier(),
        serviceExpiresAt: dayOf(now + f.number.int({ min: 30, max: 700 }) * day),
      });
    }
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insert(simCards)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing()
        .run();
  });
}
