import type { Faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import { primaryStatus } from '@console/contract/codes/device-state';
import type { Db } from '../client.ts';
import { organisations } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { alarms, type AlarmType } from '../schema/warning.ts';

/** Alarms a machine of each kind plausibly raises, with the value that crossed the threshold. */
function plausibleAlarm(kind: string, f: Faker): { type: AlarmType; level: number; value: number | null } {
  const options: { type: AlarmType; level: number; value: number | null }[] = [
    { type: 'fault', level: 2, value: null },
    { type: 'offline', level: 1, value: null },
  ];
  if (kind === 'aerialPlatform') {
    options.push(
      { type: 'load90', level: 2, value: f.number.float({ min: 90, max: 98, fractionDigits: 1 }) },
      { type: 'load99', level: 3, value: f.number.float({ min: 99, max: 112, fractionDigits: 1 }) },
      { type: 'tilt', level: 3, value: f.number.float({ min: 14.2, max: 19, fractionDigits: 1 }) },
    );
  }
  if (['aerialPlatform', 'mower', 'forklift', 'battery'].includes(kind)) {
    options.push({ type: 'lowBattery', level: 1, value: f.number.int({ min: 3, max: 15 }) });
  }
  if (['forklift', 'boat', 'concretePump'].includes(kind)) {
    options.push({ type: 'overspeed', level: 2, value: f.number.float({ min: 26, max: 48, fractionDigits: 1 }) });
  }
  return f.helpers.arrayElement(options);
}

/** Open alarms on a few connected machines (so the bell and the alarm status are not empty) and a closed history. */
export function seedAlarms(db: Db, f: Faker, now: number): void {
  const fleet = db
    .select({ device: devices, customer: organisations.name })
    .from(devices)
    .leftJoin(organisations, eq(organisations.id, devices.customerOrgId))
    .all();
  db.transaction(() => {
    for (const { device, customer } of fleet) {
      const project = customer ?? device.deviceName;
      for (let i = f.number.int({ min: 0, max: 2 }); i > 0; i--) {
        const startedAt = now - f.number.int({ min: 2, max: 30 * 24 }) * 3600 * 1000;
        const alarm = plausibleAlarm(device.kind, f);
        db.insert(alarms)
          .values({
            deviceId: device.id,
            ...alarm,
            projectName: project,
            zoneName: device.location,
            startedAt: new Date(startedAt),
            endedAt: new Date(startedAt + f.number.int({ min: 1, max: 90 }) * 60 * 1000),
          })
          .run();
      }
      if (!device.online || !device.machineOnline || f.number.float() > 0.04) continue;
      const alarm = plausibleAlarm(device.kind, f);
      if (alarm.type === 'offline') continue;
      db.insert(alarms)
        .values({
          deviceId: device.id,
          ...alarm,
          projectName: project,
          zoneName: device.location,
          startedAt: new Date(now - f.number.int({ min: 1, max: 600 }) * 60 * 1000),
        })
        .run();
      const state = { ...device, alarmOpen: true };
      db.update(devices)
        .set({ alarmOpen: true, status: primaryStatus(state) })
        .where(eq(devices.id, device.id))
        .run();
    }
  });
}
