import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { StatusMessage, TelemetryMessage } from '@console/contract/mqtt/payloads';
import type { AlarmType } from '@console/db/schema/warning';
import { CONTROLLER_SILENT, batteryPctOf } from './kind-state.ts';

/**
 * Alarm thresholds (spec sections 5 and 9). One object, passed to every rule, so that later they can come
 * per organisation and machine kind without touching the rules.
 */
export interface AlarmThresholds {
  /** Load bands in percent, lowest first: load80, load90, load99. */
  loadPct: { load80: number; load90: number; load99: number };
  /** A tilt above this many degrees alarms. */
  tiltDeg: number;
  /** A state of charge below this percentage alarms. */
  lowBatteryPct: number;
}

export const DEFAULT_THRESHOLDS: AlarmThresholds = {
  loadPct: { load80: 80, load90: 90, load99: 99 },
  tiltDeg: 14,
  lowBatteryPct: 15,
};

/** What happened to a machine, in the order it happened. */
export type DeviceEvent =
  { type: 'report'; report: TelemetryMessage } | { type: 'connection'; online: boolean; reason?: ConnectionReason };

/** Why a machine went offline: what its status said, or `silent` when the watchdog found it quiet too long. */
export type ConnectionReason = StatusMessage['reason'] | 'silent';

export interface RuleContext {
  device: { kind: MachineKind; overspeedKmh: number };
  event: DeviceEvent;
  thresholds: AlarmThresholds;
}

/** A rule's condition holds: the alarm to open (or keep open). */
export interface Finding {
  /** 1 notice, 2 warning, 3 critical. */
  level: 1 | 2 | 3;
  value: number | null;
  detail?: string;
}

/**
 * A rule says, for each alarm type it owns, whether its condition holds (a Finding) or not (null). A type it
 * leaves out, or a rule answering undefined, means the event tells nothing about it: the alarm stays as it is.
 */
export type Verdicts = Partial<Record<AlarmType, Finding | null>>;
export type AlarmRule = (ctx: RuleContext) => Verdicts | undefined;

const reportOf = (ctx: RuleContext) => (ctx.event.type === 'report' ? ctx.event.report : null);

/** One alarm of the highest band that holds. */
const load: AlarmRule = (ctx) => {
  const report = reportOf(ctx);
  if (report?.data.kind !== 'aerialPlatform') return undefined;
  const pct = report.data.loadPct;
  const bands = ctx.thresholds.loadPct;
  const band = pct >= bands.load99 ? 'load99' : pct >= bands.load90 ? 'load90' : pct >= bands.load80 ? 'load80' : null;
  const levels = { load80: 1, load90: 2, load99: 3 } as const;
  const verdicts: Verdicts = { load80: null, load90: null, load99: null };
  if (band) verdicts[band] = { level: levels[band], value: pct };
  return verdicts;
};

const tilt: AlarmRule = (ctx) => {
  const report = reportOf(ctx);
  if (report?.data.kind !== 'aerialPlatform') return undefined;
  const deg = report.data.tiltDeg;
  return { tilt: deg > ctx.thresholds.tiltDeg ? { level: 3, value: deg } : null };
};

/** A threshold of 0 means overspeed is not monitored (spec section 5); a report without a position tells nothing. */
const overspeed: AlarmRule = (ctx) => {
  const pos = reportOf(ctx)?.pos;
  const limit = ctx.device.overspeedKmh;
  if (!pos) return undefined;
  return { overspeed: limit > 0 && pos.speed > limit ? { level: 2, value: pos.speed } : null };
};

const lowBattery: AlarmRule = (ctx) => {
  const report = reportOf(ctx);
  const pct = report ? batteryPctOf(report.data) : null;
  if (pct === null) return undefined;
  return { lowBattery: pct < ctx.thresholds.lowBatteryPct ? { level: 1, value: pct } : null };
};

/** Any fault flag except the silent controller, which is a state (device offline), not a fault. */
const fault: AlarmRule = (ctx) => {
  const report = reportOf(ctx);
  if (!report) return undefined;
  const flags = report.data.faults.filter((f) => f !== CONTROLLER_SILENT);
  return { fault: flags.length > 0 ? { level: 2, value: null, detail: flags.join(',') } : null };
};

/**
 * A lost connection alarms, and so does a machine the watchdog found silent; a machine that goes to sleep or
 * shuts down on purpose does not.
 */
const offline: AlarmRule = (ctx) => {
  const { event } = ctx;
  if (event.type === 'report' || event.online) return { offline: null };
  const lost = event.reason === undefined || event.reason === 'lost' || event.reason === 'silent';
  return { offline: lost ? { level: 1, value: null } : null };
};

/** Every rule of the engine. A new rule (fences, ...) is one more entry here. */
export const ALARM_RULES: readonly AlarmRule[] = [load, tilt, overspeed, lowBattery, fault, offline];

export function evaluateRules(ctx: RuleContext, rules: readonly AlarmRule[] = ALARM_RULES): Verdicts {
  const verdicts: Verdicts = {};
  for (const rule of rules) Object.assign(verdicts, rule(ctx));
  return verdicts;
}
