import { and, asc, eq } from 'drizzle-orm';
import { FAULT_TYPE } from '@console/contract/codes/service';
import type { Db } from '../client.ts';
import { devices } from '../schema/devices.ts';
import { faultRecords } from '../schema/faults.ts';
import { alarms } from '../schema/warning.ts';
import type { DemoOrganisations } from './accounts.ts';
import { maintenanceFleet, startOfDay, dayOf } from './maintenance-fleet.ts';

const DAY = 24 * 3600 * 1000;
const CAUSES = [
  ['举升油缸内泄', 'Lift cylinder leaks internally'],
  ['控制器通信中断', 'Controller lost communication'],
  ['电池单体电压低', 'A battery cell reads low'],
  ['轮胎磨损严重', 'Tyre badly worn'],
] as const;
const METHODS = ['更换密封件并保压试验', 'Replaced the connector and tested the CAN bus'];

/**
 * Fault records of the first two rental companies: some taken from their machines' fault alarms, some typed in;
 * every other one repaired.
 */
export function seedFaults(db: Db, orgs: DemoOrganisations, now: number): void {
  const types = FAULT_TYPE.values;
  const rows: (typeof faultRecords.$inferInsert)[] = [];
  for (const index of [0, 1]) {
    const lessor = orgs.lessors[index]!;
    const fromAlarms = db
      .select({ id: alarms.id, deviceId: alarms.deviceId, startedAt: alarms.startedAt })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(and(eq(alarms.type, 'fault'), eq(devices.orgId, lessor)))
      .orderBy(asc(alarms.id))
      .limit(3)
      .all();
    const machines = [
      ...fromAlarms.map((a) => ({ deviceId: a.deviceId, alarmId: a.id, at: a.startedAt.getTime() })),
      ...maintenanceFleet(db, orgs, index, 2).map((m, i) => ({
        deviceId: m.id,
        alarmId: null,
        at: now - (i + 2) * 4 * DAY,
      })),
    ];
    machines.forEach((m, i) => {
      const occurredAt = startOfDay(dayOf(m.at));
      const repaired = i % 2 === 1;
      const [zh, en] = CAUSES[i % CAUSES.length]!;
      rows.push({
        orgId: lessor,
        deviceId: m.deviceId,
        alarmId: m.alarmId,
        faultTypes: [types[i % types.length]!, ...(i % 3 === 0 ? [types[(i + 4) % types.length]!] : [])],
        cause: i % 2 === 0 ? zh : en,
        parts: repaired ? '密封件 / seals' : '',
        repairMethod: repaired ? METHODS[i % METHODS.length]! : '',
        occurredAt: new Date(occurredAt),
        repairedAt: repaired ? new Date(Math.min(occurredAt + 2 * DAY, startOfDay(dayOf(now)))) : null,
        state: repaired ? 'repaired' : 'open',
        reporterName: i % 2 === 0 ? '王师傅' : 'Li Wei',
        createdAt: new Date(m.at),
      });
    });
  }
  if (rows.length) db.insert(faultRecords).values(rows).run();
}
