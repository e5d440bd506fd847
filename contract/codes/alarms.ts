import { codeTable } from './code-table.ts';
import type { MachineKind } from './machine-kinds.ts';

/** What raises an alarm (spec sections 5 and 9); the data plane's rules and the fence rules raise these. */
export const ALARM_TYPES = [
  'load80',
  'load90',
  'load99',
  'tilt',
  'overspeed',
  'lowBattery',
  'fault',
  'offline',
  'fenceEnter',
  'fenceExit',
  'fenceOvertime',
] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

export const ALARM_TYPE = codeTable('alarmType', [
  ['load80', 'load80', 'gold'],
  ['load90', 'load90', 'orange'],
  ['load99', 'load99', 'red'],
  ['tilt', 'tilt', 'red'],
  ['overspeed', 'overspeed', 'orange'],
  ['lowBattery', 'lowBattery', 'gold'],
  ['fault', 'fault', 'volcano'],
  ['offline', 'offline', 'default'],
  ['fenceEnter', 'fenceEnter', 'purple'],
  ['fenceExit', 'fenceExit', 'purple'],
  ['fenceOvertime', 'fenceOvertime', 'purple'],
]);

/** 1 notice, 2 warning, 3 critical. */
export const ALARM_LEVEL = codeTable('alarmLevel', [
  [1, 'notice', 'blue'],
  [2, 'warning', 'orange'],
  [3, 'critical', 'red'],
]);

/** What people did to an alarm, in its handling history. */
export const ALARM_ACTION = codeTable('alarmAction', [
  ['acknowledge', 'acknowledge', 'blue'],
  ['handle', 'handle', 'green'],
]);

/**
 * The alarm thresholds of one organisation for one machine kind. Without a configured rule the spec's constants
 * apply: load alarms at 80, 90 and 99 percent, tilt above 14 degrees, overspeed 0 (not monitored).
 */
export interface AlarmThresholds {
  /** Load bands in percent, lowest first. */
  load80: number;
  load90: number;
  load99: number;
  /** A tilt above this many degrees alarms. */
  tiltDeg: number;
  /** Above this speed a machine alarms; 0 means overspeed is not monitored (spec section 5). */
  overspeedKmh: number;
  /** A state of charge below this percentage alarms; 0 means low battery is not monitored. */
  lowBatteryPct: number;
  /** A lost connection raises the offline alarm. */
  offline: boolean;
}

export const DEFAULT_THRESHOLDS: Readonly<AlarmThresholds> = Object.freeze({
  load80: 80,
  load90: 90,
  load99: 99,
  tiltDeg: 14,
  overspeedKmh: 0,
  lowBatteryPct: 15,
  offline: true,
});

/**
 * How far past its threshold a value must come back before an open alarm clears: a value hovering at a threshold
 * keeps one alarm open instead of opening and ending one with every report (decision 014).
 */
export const ALARM_HYSTERESIS = Object.freeze({ loadPct: 5, tiltDeg: 1, speedKmh: 3, batteryPct: 5 });

/** The highest speed a threshold may name (the protocol's plausible range of machines). */
export const MAX_OVERSPEED_KMH = 200;

/**
 * Which thresholds a machine kind's telemetry can cross: only aerial platforms report load and tilt, only
 * machines on a battery report a state of charge, and battery packs and chargers do not travel on their own.
 */
export const RULE_FIELDS: Record<MachineKind, { load: boolean; tilt: boolean; battery: boolean; speed: boolean }> = {
  aerialPlatform: { load: true, tilt: true, battery: true, speed: true },
  concretePump: { load: false, tilt: false, battery: false, speed: true },
  wetSprayer: { load: false, tilt: false, battery: false, speed: true },
  mower: { load: false, tilt: false, battery: true, speed: true },
  boat: { load: false, tilt: false, battery: false, speed: true },
  forklift: { load: false, tilt: false, battery: true, speed: true },
  battery: { load: false, tilt: false, battery: true, speed: false },
  charger: { load: false, tilt: false, battery: false, speed: false },
};
