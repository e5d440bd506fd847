import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { StatusMessage, TelemetryMessage } from '@console/contract/mqtt/payloads';
import { ALARM_HYSTERESIS, type AlarmThresholds, type AlarmType } from '@console/contract/codes/alarms';
import { CONTROLLER_SILENT, batteryPctOf } from './kind-state.ts';

/**
 * The thresholds (spec sections 5 and 9) come with each event: those of the machine's owner for its kind, as the
 * alarm rules page configures them (server/src/lib/alarm-thresholds.ts), the spec's constants by default.
 */
export { DEFAULT_THRESHOLDS, type AlarmThresholds } from '@console/contract/codes/alarms';

/** The load bands are one alarm that escalates from band to band while the load lasts (apply.ts). */
export const LOAD_BANDS: readonly AlarmType[] = ['load80', 'load90', 'load99'];

/** The family of alarm types that are one alarm while it lasts: the load bands, every other type its own. */
export const alarmFamilyOf = (type: AlarmType): string => (LOAD_BANDS.includes(type) ? 'load' : type);

/** Types whose value is worse the lower it is (a battery running down); every other type's is worse higher. */
export const LOWER_IS_WORSE: ReadonlySet<AlarmType> = new Set(['lowBattery']);

/** What happened to a machine, in the order it happened. */
export type DeviceEvent =
  { type: 'report'; report: TelemetryMessage } | { type: 'connection'; online: boolean; reason?: ConnectionReason };

/** Why a machine went offline: what its status said, or `silent` when the watchdog found it quiet too long. */
export type ConnectionReason = StatusMessage['reason'] | 'silent';

export interface RuleContext {
  /** The machine, with the alarms it has open now: an open alarm clears only past its hysteresis. */
  device: { kind: MachineKind; overspeedKmh: number; openAlarms: readonly { type: AlarmType }[] };
  event: DeviceEvent;
  thresholds: AlarmThresholds;
}

/** A rule's condition holds: the alarm to open (or keep open). */
export interface Finding {
  /** 1 notice, 2 warning, 3 critical. */
  level: 1 | 2 | 3;
  value: number | null;
  /** The threshold the value crossed, kept with the alarm (the rule may change later). */
  threshold?: number;
  detail?: string;
}

/**
 * A rule says, for each alarm type it owns, whether its condition holds (a Finding) or not (null). A type it
 * leaves out, or a rule answering undefined, means the event tells nothing about it: the alarm stays as it is.
 */
export type Verdicts = Partial<Record<AlarmType, Finding | null>>;
export type AlarmRule = (ctx: RuleContext) => Verdicts | undefined;

const reportOf = (ctx: RuleContext) => (ctx.event.type === 'report' ? ctx.event.report : null);

/** Whether the machine has an alarm of one of these types open (its condition held at the last report). */
const isOpen = (ctx: RuleContext, ...types: AlarmType[]) => ctx.device.openAlarms.some((a) => types.includes(a.type));

/**
 * One alarm of the highest band that holds. Once open, the lowest band holds until the load falls
 * ALARM_HYSTERESIS.loadPct below it, so a load hovering at the threshold does not open and end it every report.
 */
const load: AlarmRule = (ctx) => {
  const report = reportOf(ctx);
  if (report?.data.kind !== 'aerialPlatform') return undefined;
  const pct = report.data.loadPct;
  const bands = ctx.thresholds;
  const floor = isOpen(ctx, ...LOAD_BANDS) ? bands.load80 - ALARM_HYSTERESIS.loadPct : bands.load80;
  const band = pct >= bands.load99 ? 'load99' : pct >= bands.load90 ? 'load90' : pct >= floor ? 'load80' : null;
  const levels = { load80: 1, load90: 2, load99: 3 } as const;
  const verdicts: Verdicts = { load80: null, load90: null, load99: null };
  if (band) verdicts[band] = { level: levels[band], value: pct, threshold: bands[band] };
  return verdicts;
};

const tilt: AlarmRule = (ctx) => {
  const report = reportOf(ctx);
  if (report?.data.kind !== 'aerialPlatform') return undefined;
  const deg = report.data.tiltDeg;
  const limit = ctx.thresholds.tiltDeg;
  const clearBelow = isOpen(ctx, 'tilt') ? limit - ALARM_HYSTERESIS.tiltDeg : limit;
  return { tilt: deg > clearBelow ? { level: 3, value: deg, threshold: limit } : null };
};

/**
 * A threshold of 0 means overspeed is not monitored (spec section 5); a report without a position tells nothing.
 * A threshold set on the machine itself (a parameters command) wins over the rule of its kind.
 */
const overspeed: AlarmRule = (ctx) => {
  const pos = reportOf(ctx)?.pos;
  const limit = ctx.device.overspeedKmh > 0 ? ctx.device.overspeedKmh : ctx.thresholds.overspeedKmh;
  if (!pos) return undefined;
  const clearBelow = isOpen(ctx, 'overspeed') ? limit - ALARM_HYSTERESIS.speedKmh : limit;
  return { overspeed: limit > 0 && pos.speed > clearBelow ? { level: 2, value: pos.speed, threshold: limit } : null };
};

const lowBattery: AlarmRule = (ctx) => {
  const report = reportOf(ctx);
  const pct = report ? batteryPctOf(report.data) : null;
  if (pct === null) return undefined;
  const limit = ctx.thresholds.lowBatteryPct;
  // 0 means not monitored: no hysteresis may raise it above 0.
  const clearFrom = isOpen(ctx, 'lowBattery') && limit > 0 ? limit + ALARM_HYSTERESIS.batteryPct : limit;
  return { lowBattery: pct < clearFrom ? { level: 1, value: pct, threshold: limit } : null };
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
 * shuts down on purpose does not, nor any machine whose rule does not watch its connection.
 */
const offline: AlarmRule = (ctx) => {
  const { event } = ctx;
  if (event.type === 'report' || event.online) return { offline: null };
  const lost =
    ctx.thresholds.offline && (event.reason === undefined || event.reason === 'lost' || event.reason === 'silent');
  return { offline: lost ? { level: 1, value: null } : null };
};

/** Every rule of the engine. A new rule (fences, ...) is one more entry here. */
export const ALARM_RULES: readonly AlarmRule[] = [load, tilt, overspeed, lowBattery, fault, offline];

export function evaluateRules(ctx: RuleContext, rules: readonly AlarmRule[] = ALARM_RULES): Verdicts {
  const verdicts: Verdicts = {};
  for (const rule of rules) Object.assign(verdicts, rule(ctx));
  return verdicts;
}
