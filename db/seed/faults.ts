import { and, asc, eq } from 'drizzle-orm';
import { addDaysToDay } from '@console/contract/http/upkeep';
import type { Db } from '../client.ts';
import { devices } from '../schema/devices.ts';
import { faultRecords } from '../schema/faults.ts';
import { alarms } from '../schema/warning.ts';
import type { DemoOrganisations } from './accounts.ts';
import { BUSINESSES, say } from './business.ts';
import { KIND_TEXTS } from './kind-texts.ts';
import { dayOf, maintenanceFleet, minDay } from './maintenance-fleet.ts';
import { forEachInOrder } from '../in-order.ts';

const DAY = 24 * 3600 * 1000;
/** Who writes the fault records, by the business's language. */
const REPORTERS = { zh: ['王师傅', '李工'], en: ['Liam Walker', 'Priya Nair'] };

/**
 * Fault records of each rental company, in its language: some taken from its machines' fault alarms, some typed
 * in; every other one repaired. Cause, parts and fix are one of the machine kind's faults (kind-texts.ts).
 */
export async function seedFaults(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const rows: (typeof faultRecords.$inferInsert)[] = [];
  await forEachInOrder(BUSINESSES, async ({ lang }, index) => {
    const lessor = orgs.lessors[index]!;
    // One record per machine: a machine's fault alarms tell of one fault, not of several alike.
    const fromAlarms = (
      await db
        .select({ id: alarms.id, deviceId: alarms.deviceId, kind: devices.kind, startedAt: alarms.startedAt })
        .from(alarms)
        .innerJoin(devices, eq(devices.id, alarms.deviceId))
        .where(and(eq(alarms.type, 'fault'), eq(devices.orgId, lessor)))
        .orderBy(asc(alarms.id))
        .all()
    )
      .filter((a, i, all) => all.findIndex((b) => b.deviceId === a.deviceId) === i)
      .slice(0, 3);
    const typedIn = (await maintenanceFleet(db, orgs, index, 2)).filter(
      (m) => !fromAlarms.some((a) => a.deviceId === m.id),
    );
    const machines = [
      ...fromAlarms.map((a) => ({ deviceId: a.deviceId, kind: a.kind, alarmId: a.id, at: a.startedAt.getTime() })),
      ...typedIn.map((m, i) => ({
        deviceId: m.id,
        kind: m.kind,
        alarmId: null,
        at: now - (i + 2) * 4 * DAY,
      })),
    ];
    machines.forEach((m, i) => {
      const occurred = dayOf(m.at);
      const repaired = i % 2 === 1;
      const faults = KIND_TEXTS[m.kind].faults;
      const fault = faults[i % faults.length]!;
      rows.push({
        orgId: lessor,
        deviceId: m.deviceId,
        alarmId: m.alarmId,
        faultTypes: fault.types,
        cause: say(lang, fault.cause),
        parts: repaired ? say(lang, fault.parts) : '',
        repairMethod: repaired ? say(lang, fault.fix) : '',
        occurredAt: occurred,
        repairedAt: repaired ? minDay(addDaysToDay(occurred, 2), dayOf(now)) : null,
        state: repaired ? 'repaired' : 'open',
        reporterName: REPORTERS[lang][i % 2]!,
        createdAt: new Date(m.at),
      });
    });
  });
  if (rows.length) await db.insert(faultRecords).values(rows).run();
}
