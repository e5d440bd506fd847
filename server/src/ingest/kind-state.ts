import type { Activity } from '@console/contract/codes/device-state';
import { CONTROLLER_SILENT, type KindData } from '@console/contract/mqtt/payloads';

export { CONTROLLER_SILENT };

type Of<K extends KindData['kind']> = Extract<KindData, { kind: K }>;
type ActivityRules = { [K in KindData['kind']]: (data: Of<K>, speedKmh: number) => Activity };

/** Above this a machine is moving, not drifting on GPS noise. */
const MOVING_KMH = 1;

/**
 * What a machine of each kind is doing, from its telemetry: working (doing its job), standby (powered and
 * ready: raised, loaded, engine or pressure up) or stopped (at rest).
 */
const ACTIVITY: ActivityRules = {
  aerialPlatform: (d, speed) =>
    d.lifting || d.driving || speed > MOVING_KMH
      ? 'working'
      : d.platformHeightM > 0 || d.loadPct > 0
        ? 'standby'
        : 'stopped',
  concretePump: (d) =>
    d.pumpStatus !== 'standby'
      ? 'working'
      : d.pressureMpa > 0 || d.pumpCurrentA.some((a) => a > 0)
        ? 'standby'
        : 'stopped',
  wetSprayer: (d) => (d.spraying ? 'working' : d.pressureMpa > 0 ? 'standby' : 'stopped'),
  mower: (d, speed) => (d.cutting ? 'working' : d.bladeRpm > 0 || speed > MOVING_KMH ? 'standby' : 'stopped'),
  boat: (d, speed) => (d.engineRpm > 0 && speed > MOVING_KMH ? 'working' : d.engineRpm > 0 ? 'standby' : 'stopped'),
  forklift: (d, speed) =>
    d.driving || d.forkHeightM > 0 || speed > MOVING_KMH ? 'working' : d.loadKg > 0 ? 'standby' : 'stopped',
  // A pack works while it powers a machine; charging is standby.
  battery: (d) => (d.currentA < -1 ? 'working' : d.currentA > 1 ? 'standby' : 'stopped'),
  charger: (d) => (d.state === 'charging' ? 'working' : d.state === 'fault' ? 'stopped' : 'standby'),
};

export function activityOf(data: KindData, speedKmh: number): Activity {
  return (ACTIVITY[data.kind] as (d: KindData, s: number) => Activity)(data, speedKmh);
}

/** The machine's controller reports unless the unit says it is silent. */
export function machineOnlineOf(data: KindData): boolean {
  return !data.faults.includes(CONTROLLER_SILENT);
}

/** Hour meter of the kinds that have one (working hours or engine hours). */
export function workingHoursOf(data: KindData): number | null {
  if ('workingHours' in data) return data.workingHours;
  if ('engineHours' in data) return data.engineHours;
  return null;
}

/** State of charge for the kinds that run on a battery. */
export function batteryPctOf(data: KindData): number | null {
  if (data.kind === 'battery') return data.chargePct;
  if ('batteryPct' in data) return data.batteryPct;
  return null;
}
