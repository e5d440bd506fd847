import type { Faker } from '@faker-js/faker';
import { isImei } from '@console/contract/codes/sim-cards';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { devices } from '../schema/devices.ts';
import { accessories, controllers, gpsGateways, purchaseInfos, virtualHosts } from '../schema/peripherals.ts';
import { simCards } from '../schema/sim-cards.ts';
import type { DemoOrganisations } from './accounts.ts';
import { BUSINESSES } from './business.ts';
import { dayOf } from './maintenance-fleet.ts';
import { plateOf } from './places.ts';
import { addDaysToDay } from '@console/contract/http/upkeep';

const DAY = 24 * 3600 * 1000;
const BRANDS = ['Sinoboom', 'Dingli', 'XCMG', 'Zoomlion', 'JLG', 'Genie', 'LGMG', 'Haulotte'];
const FIRMWARE = ['v1.2.0', 'v1.4.3', 'v2.0.1', 'v2.1.0'];
const ACCESSORIES = [
  ['Battery pack', '48V 300Ah'],
  ['Charger', '48V 25A'],
  ['Platform extension deck', '0.9 m'],
  ['Foam-filled tyres', '15x625'],
  ['Tilt sensor', '±15°'],
  ['Load cell', '320 kg'],
] as const;

function imei(f: Faker): string {
  const body = f.string.numeric(14);
  for (let check = 0; check < 10; check++) if (isImei(`${body}${check}`)) return `${body}${check}`;
  throw new Error('unreachable: one check digit always fits');
}

/**
 * Per lessor: virtual hosts (stock and leased to its customers), controllers and GPS gateways on some of its
 * machines (with some of the spare SIM cards; a few stay spare), and purchase info with accessories for a share of its machines.
 */
export async function seedPeripherals(db: Db, f: Faker, orgs: DemoOrganisations, now: number): Promise<void> {
  const hostRows: (typeof virtualHosts.$inferInsert)[] = [];
  const controllerRows: (typeof controllers.$inferInsert)[] = [];
  const gatewayRows: (typeof gpsGateways.$inferInsert)[] = [];
  const purchaseRows: (typeof purchaseInfos.$inferInsert)[] = [];
  const accessoryRows: (typeof accessories.$inferInsert)[] = [];
  for (const [n, orgId] of orgs.lessors.entries()) {
    // A leased virtual host is leased to one of the company's own customers (business.ts).
    const { customers, places } = BUSINESSES[n]!;
    for (let i = 1; i <= 30; i++) {
      const leased = f.datatype.boolean(0.4);
      const height = f.helpers.arrayElement([6, 8, 10, 12, 14, 16, 18, 22, 26]);
      hostRows.push({
        orgId,
        hostNumber: `VH${n + 1}-${String(i).padStart(4, '0')}`,
        installationType: f.helpers.arrayElement(['factory', 'aftermarket'] as const),
        brand: f.helpers.arrayElement(BRANDS),
        platformHeight: height,
        powerSource: f.helpers.arrayElement(['electric', 'diesel', 'hybrid'] as const),
        equipmentHeight: height + 2,
        customerName: leased ? f.helpers.arrayElement(customers) : '',
        leaseStatus: leased ? 2 : 1,
      });
    }
    const machines = await db
      .select({ id: devices.id, installedAt: devices.installedAt })
      .from(devices)
      .where(eq(devices.orgId, orgId))
      .orderBy(devices.id)
      .limit(40)
      .all();
    const spareSims = await db
      .select({ id: simCards.id })
      .from(simCards)
      .where(and(eq(simCards.orgId, orgId), isNull(simCards.deviceId)))
      .orderBy(simCards.id)
      .all();
    machines.forEach((m, i) => {
      const installedAt = m.installedAt ?? dayOf(now - f.number.int({ min: 30, max: 700 }) * DAY);
      if (i < 20) {
        controllerRows.push({
          orgId,
          serialNumber: `CTL${n + 1}${f.string.numeric(8)}`,
          model: f.helpers.arrayElement(['ZK-C200', 'ZK-C300', 'ZK-C500']),
          // A few releases every company runs, so a version never identifies a company.
          firmwareVersion: FIRMWARE[i % FIRMWARE.length]!,
          deviceId: m.id,
          simCardId: i < 3 ? (spareSims[i]?.id ?? null) : null,
          installedAt,
        });
      } else if (i < 30) {
        gatewayRows.push({
          orgId,
          imei: imei(f),
          plate: plateOf(places[0]!, `${f.string.alpha({ length: 1, casing: 'upper' })}${f.string.numeric(5)}`),
          deviceId: m.id,
          simCardId: i < 23 ? (spareSims[i - 17]?.id ?? null) : null,
          positioning: f.helpers.arrayElement(['gps', 'base'] as const),
          installedAt,
        });
      }
      const originalValue = f.number.int({ min: 60, max: 600 }) * 1000;
      const salvageRate = f.helpers.arrayElement([5, 10, 15, 20]);
      purchaseRows.push({
        deviceId: m.id,
        orgId,
        originalValueCents: originalValue * 100,
        salvageMode: 'percentage',
        salvageRate,
        salvageValueCents: originalValue * salvageRate,
        purchasedAt: addDaysToDay(installedAt, -f.number.int({ min: 5, max: 60 })),
      });
      for (const [name, spec] of f.helpers.arrayElements(ACCESSORIES, { min: 1, max: 3 })) {
        accessoryRows.push({
          orgId,
          deviceId: m.id,
          name,
          spec,
          quantity: f.number.int({ min: 1, max: 4 }),
          serial: `AC${f.string.numeric(8)}`,
          valueCents: f.number.int({ min: 2, max: 80 }) * 100 * 100,
        });
      }
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(virtualHosts).values(hostRows).run();
    if (controllerRows.length) await tx.insert(controllers).values(controllerRows).onConflictDoNothing().run();
    if (gatewayRows.length) await tx.insert(gpsGateways).values(gatewayRows).onConflictDoNothing().run();
    if (purchaseRows.length) await tx.insert(purchaseInfos).values(purchaseRows).run();
    for (let i = 0; i < accessoryRows.length; i += 500)
      await tx
        .insert(accessories)
        .values(accessoryRows.slice(i, i + 500))
        .run();
  });
}
