import type { DeviceStatus } from './device-status.ts';

/**
 * The device status codes 1-9 of spec section 4 name several sides of a machine's state at once (connection,
 * activity, lock, alarm), so each code is a filter over those sides, and the one code a list shows is the
 * most urgent that holds. See docs/decisions/007 and the device list filters.
 */
/** The status codes by name (the labels and colours are in device-status.ts). */
export const STATUS = {
  online: 1,
  offline: 2,
  standby: 3,
  locked: 4,
  unlocked: 5,
  working: 6,
  stopped: 7,
  alarm: 8,
  /** The telematics unit is connected but the machine's controller is silent (powered off, unplugged). */
  deviceOffline: 9,
} as const satisfies Record<string, DeviceStatus>;

export type Activity = 'working' | 'standby' | 'stopped';

export interface DeviceState {
  online: boolean;
  machineOnline: boolean;
  activity: Activity;
  lockLevel: 'unlocked' | 'preLock1' | 'lock1' | 'preLock2' | 'lock2';
  alarmOpen: boolean;
}

const isLocked = (s: DeviceState) => s.lockLevel === 'lock1' || s.lockLevel === 'lock2';

/** Does a machine in this state match a status filter code? */
export function hasStatus(state: DeviceState, code: DeviceStatus): boolean {
  switch (code) {
    case STATUS.online:
      return state.online;
    case STATUS.offline:
      return !state.online;
    case STATUS.deviceOffline:
      return state.online && !state.machineOnline;
    case STATUS.alarm:
      return state.alarmOpen;
    case STATUS.locked:
      return isLocked(state);
    case STATUS.unlocked:
      return !isLocked(state);
    case STATUS.working:
      return state.online && state.machineOnline && state.activity === 'working';
    case STATUS.standby:
      return state.online && state.machineOnline && state.activity === 'standby';
    case STATUS.stopped:
      return state.online && state.machineOnline && state.activity === 'stopped';
  }
}

/** The one code shown for a machine: the most urgent that holds. */
export function primaryStatus(state: DeviceState): DeviceStatus {
  if (!state.online) return STATUS.offline;
  if (!state.machineOnline) return STATUS.deviceOffline;
  if (state.alarmOpen) return STATUS.alarm;
  if (isLocked(state)) return STATUS.locked;
  if (state.activity === 'working') return STATUS.working;
  if (state.activity === 'standby') return STATUS.standby;
  return STATUS.stopped;
}
