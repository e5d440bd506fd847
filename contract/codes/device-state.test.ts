import { describe, expect, it } from 'vitest';
import { hasStatus, primaryStatus, type DeviceState } from './device-state.ts';

const working: DeviceState = {
  online: true,
  machineOnline: true,
  activity: 'working',
  lockLevel: 'unlocked',
  alarmOpen: false,
};

describe('device status', () => {
  it('shows the most urgent status', () => {
    expect(primaryStatus(working)).toBe(6);
    expect(primaryStatus({ ...working, alarmOpen: true })).toBe(8);
    expect(primaryStatus({ ...working, lockLevel: 'lock2' })).toBe(4);
    expect(primaryStatus({ ...working, machineOnline: false, alarmOpen: true })).toBe(9);
    expect(primaryStatus({ ...working, online: false, alarmOpen: true })).toBe(2);
  });

  it('matches every filter that holds, not only the shown one', () => {
    const lockedAlarm: DeviceState = { ...working, lockLevel: 'lock1', alarmOpen: true };
    expect(hasStatus(lockedAlarm, 1)).toBe(true);
    expect(hasStatus(lockedAlarm, 4)).toBe(true);
    expect(hasStatus(lockedAlarm, 8)).toBe(true);
    expect(hasStatus(lockedAlarm, 5)).toBe(false);
    // A pre-lock warns the user but the machine still works: it counts as unlocked.
    expect(hasStatus({ ...working, lockLevel: 'preLock1' }, 5)).toBe(true);
    expect(hasStatus({ ...working, online: false }, 6)).toBe(false);
  });
});
