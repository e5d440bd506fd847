import type { Faker } from '@faker-js/faker';
import { eq, inArray } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { primaryStatus } from '@console/contract/codes/device-state';
import type { Db } from '../client.ts';
import { organisations, users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { alarmActions, alarms, type AlarmType } from '../schema/warning.ts';

/** Alarms a machine of each kind plausibly raises, with the value that crossed the threshold. */
type SeedAlarm = { type: AlarmType; level: number; value: number | null; threshold: number | null };

/** Alarms a machine of each kind plausibly raises, with the value that crossed the threshold (the spec's). */
function plausibleAlarm(kind: string, f: Faker): SeedAlarm {
  const options: SeedAlarm[] = [
    { type: 'fault', level: 2, value: null, threshold: null },
    { type: 'offline', level: 1, value: null, threshold: null },
  ];
  if (kind === 'aerialPlatform') {
    options.push(
      { type: 'load90', level: 2, value: f.number.float({ min: 90, max: 98, fractionDigits: 1 }), threshold: 90 },
      { type: 'load99', level: 3, value: f.number.float({ min: 99, max: 112, fractionDigits: 1 }), threshold: 99 },
      { type: 'tilt', level: 3, value: f.number.float({ min: 14.2, max: 19, fractionDigits: 1 }), threshold: 14 },
    );
  }
  if (['aerialPlatform', 'mower', 'forklift', 'battery'].includes(kind)) {
    options.push({ type: 'lowBattery', level: 1, value: f.number.int({ min: 3, max: 15 }), threshold: 15 });
  }
  if (['forklift', 'boat', 'concretePump'].includes(kind)) {
    const value = f.number.float({ min: 26, max: 48, fractionDigits: 1 });
    options.push({ type: 'overspeed', level: 2, value, threshold: 25 });
  }
  return f.helpers.arrayElement(options);
}

/** Remarks of handled alarms in the history, in both languages of the demo. */
const REMARKS = [
  '已电话联系现场，操作员已确认',
  'Checked on site with the operator',
  '已安排技师检修',
  'Sensor recalibrated',
];

/** Open alarms on a few connected machines (so the bell and the alarm status are not empty) and a closed history. */
export async function seedAlarms(db: Db, f: Faker, now: number): Promise<void> {
  // Who handled the history: a technician of the owning lessor, else an administrator of the operator.
  const handlers = new Map(
    (
      await db
        .select({ orgId: users.orgId, id: users.id })
        .from(users)
        .where(inArray(users.roleId, [ROLE.technician, ROLE.companyAdmin]))
        .orderBy(users.id)
        .all()
    ).map((u) => [u.orgId, u.id]),
  );
  const operatorAdmin = (
    await db.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE.companyAdmin)).orderBy(users.id).get()
  )?.id;
  let n = 0;
  const fleet = await db
    .select({ device: devices, customer: organisations.name })
    .from(devices)
    .leftJoin(organisations, eq(organisations.id, devices.customerOrgId))
    .orderBy(devices.id)
    .all();
  await db.transaction(async () => {
    for (const { device, customer } of fleet) {
      const project = customer ?? device.deviceName;
      for (let i = f.number.int({ min: 0, max: 2 }); i > 0; i--) {
        const startedAt = now - f.number.int({ min: 2, max: 30 * 24 }) * 3600 * 1000;
        const alarm = plausibleAlarm(device.kind, f);
        const endedAt = startedAt + f.number.int({ min: 1, max: 90 }) * 60 * 1000;
        // Two in three alarms of the history were handled an hour after they ended (no faker draw: the rest of
        // the demo business stays as it was).
        const handler = handlers.get(device.orgId) ?? operatorAdmin;
        const handled = n++ % 3 !== 0 && handler !== undefined;
        const handledAt = new Date(endedAt + 3600 * 1000);
        const remark = REMARKS[n % REMARKS.length]!;
        const { id } = await db
          .insert(alarms)
          .values({
            deviceId: device.id,
            ...alarm,
            projectName: project,
            zoneName: device.location,
            startedAt: new Date(startedAt),
            endedAt: new Date(endedAt),
            ...(handled ? { handledAt, handledBy: handler, remark } : {}),
          })
          .returning({ id: alarms.id })
          .get();
        if (handled) {
          await db
            .insert(alarmActions)
            .values({ alarmId: id, action: 'handle', userId: handler, remark, at: handledAt })
            .run();
        }
      }
      if (!device.online || !device.machineOnline || f.number.float() > 0.04) continue;
      const alarm = plausibleAlarm(device.kind, f);
      if (alarm.type === 'offline') continue;
      await db
        .insert(alarms)
        .values({
          deviceId: device.id,
          ...alarm,
          projectName: project,
          zoneName: device.location,
          startedAt: new Date(now - f.number.int({ min: 1, max: 600 }) * 60 * 1000),
        })
        .run();
      const state = { ...device, alarmOpen: true };
      await db
        .update(devices)
        .set({ alarmOpen: true, status: primaryStatus(state) })
        .where(eq(devices.id, device.id))
        .run();
    }
  });
}
