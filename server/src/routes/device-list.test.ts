import { describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { hasStatus, type Activity, type DeviceState } from '@console/contract/codes/device-state';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import { LOCK_LEVELS } from '@console/contract/mqtt/payloads';
import { renewalWindow, statusFilter } from './device-list.ts';
import { forEachInOrder } from '@console/db/in-order';

describe('status filters in SQL', () => {
  it('find exactly the machines hasStatus finds, for every combination of the sides', async () => {
    const dbh = openDb(':memory:');
    const states: DeviceState[] = [];
    for (const online of [true, false])
      for (const machineOnline of [true, false])
        for (const activity of ['working', 'standby', 'stopped'] as Activity[])
          for (const lockLevel of LOCK_LEVELS)
            for (const alarmOpen of [true, false])
              states.push({ online, machineOnline, activity, lockLevel, alarmOpen });
    await forEachInOrder(states, (state, i) =>
      dbh.db
        .insert(devices)
        .values({ ...state, orgId: 1, modelId: 1, kind: 'boat', serialNumber: `S${1000 + i}` })
        .run(),
    );
    for (const code of DEVICE_STATUS.values) {
      const found = (
        await dbh.db.select({ serial: devices.serialNumber }).from(devices).where(statusFilter(code)).all()
      ).map((r) => r.serial);
      const expected = states.flatMap((s, i) => (hasStatus(s, code) ? [`S${1000 + i}`] : []));
      expect(found.sort(), `status ${code}`).toEqual(expected.sort());
      expect(expected.length, `status ${code}`).toBeGreaterThan(0);
    }
    dbh.close();
  });
});

describe('renewal window', () => {
  const today = '2026-01-01';
  it('is the tightest of 1, 7, 15 and 30 days counted in calendar days, 0 once the last day has passed', () => {
    // The service's last day is today: it ends tonight, within a day.
    expect(renewalWindow('2026-01-01', today)).toBe(1);
    expect(renewalWindow('2026-01-02', today)).toBe(7);
    expect(renewalWindow('2026-01-07', today)).toBe(7);
    expect(renewalWindow('2026-01-08', today)).toBe(15);
    expect(renewalWindow('2026-01-15', today)).toBe(15);
    expect(renewalWindow('2026-01-16', today)).toBe(30);
    expect(renewalWindow('2026-01-30', today)).toBe(30);
    expect(renewalWindow('2026-01-31', today)).toBeNull();
    expect(renewalWindow('2025-12-31', today)).toBe(0);
    expect(renewalWindow(null, today)).toBeNull();
  });
});
