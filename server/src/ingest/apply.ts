import { primaryStatus, type Activity } from '@console/contract/codes/device-state';
import type { DeviceStatus } from '@console/contract/codes/device-status';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { KindData, TelemetryMessage } from '@console/contract/mqtt/payloads';
import type { AlarmType } from '@console/db/schema/warning';
import {
  ALARM_RULES,
  LOWER_IS_WORSE,
  alarmFamilyOf,
  evaluateRules,
  type AlarmRule,
  type AlarmThresholds,
  type DeviceEvent,
  type Finding,
  type Verdicts,
} from './alarm-rules.ts';
import { activityOf, machineOnlineOf, workingHoursOf } from './kind-state.ts';

export interface OpenAlarm {
  id: number;
  type: AlarmType;
  /** Its level and value as they stand: the highest level and the worst value reached while it lasts. */
  level: number;
  value: number | null;
  /** Handled by a person but its condition still holds: it no longer counts as the machine's open alarm. */
  handled: boolean;
}

/** A machine's latest state while a batch is applied to it: read once per batch, written once. */
export interface WorkingDevice {
  id: number;
  kind: MachineKind;
  orgId: number;
  customerOrgId: number | null;
  distributorOrgId: number | null;
  overspeedKmh: number;
  /** Where an alarm says it happened: the customer's project (or the machine's name) and its zone. */
  projectName: string;
  zoneName: string;
  online: boolean;
  sleeping: boolean;
  machineOnline: boolean;
  activity: Activity;
  lockLevel: TelemetryMessage['lock'];
  signal: TelemetryMessage['signal'];
  lat: number | null;
  lng: number | null;
  speed: number;
  positioning: 'gps' | 'base';
  workingHours: number;
  latest: KindData | null;
  lastDeviceTime: number | null;
  lastReportAt: number | null;
  alarmOpen: boolean;
  status: DeviceStatus;
  openAlarms: OpenAlarm[];
}

export interface DeviceLogEntry {
  event: 'online' | 'offline' | 'sleep' | 'wake' | 'fault' | 'faultCleared';
  detail: string;
}

/**
 * A lasting alarm changed: it escalated to the finding's level, type (the band reached, e.g. load80 to load90),
 * value and threshold, or only its value got worse (`escalated` false: the level, type and threshold stay).
 */
export interface AlarmUpdate {
  alarm: OpenAlarm;
  type: AlarmType;
  finding: Finding;
  escalated: boolean;
}

/** What applying one event asks the store to do besides updating the machine's state. */
export interface Plan {
  open: { type: AlarmType; finding: Finding }[];
  update: AlarmUpdate[];
  end: OpenAlarm[];
  logs: DeviceLogEntry[];
}

export interface ApplyOptions {
  /** The thresholds of a machine's rule: its owner's for its kind (read from memory, never per message). */
  thresholds: (device: Pick<WorkingDevice, 'orgId' | 'kind'>) => AlarmThresholds;
  rules?: readonly AlarmRule[];
  /** Rules that compare where the machine was before the event with where it is after (fences). */
  moveRules?: readonly MoveRule[];
}

/** A rule over a machine's move: its position before the event, and the machine after it. */
export type MoveRule = (
  d: WorkingDevice,
  from: { lat: number; lng: number } | null,
  event: DeviceEvent,
  receivedAt: number,
) => Verdicts | undefined;

/** Connection side of an event: returns the log entry of a change, or null when it changes nothing. */
function connect(d: WorkingDevice, event: DeviceEvent): DeviceLogEntry | null {
  if (event.type === 'report' || event.online) {
    if (d.online && !d.sleeping) return null;
    const entry: DeviceLogEntry = { event: d.sleeping ? 'wake' : 'online', detail: '' };
    d.online = true;
    d.sleeping = false;
    return entry;
  }
  if (event.reason === 'sleep') {
    if (!d.online && d.sleeping) return null;
    d.online = false;
    d.sleeping = true;
    return { event: 'sleep', detail: '' };
  }
  if (!d.online) return null;
  d.online = false;
  d.sleeping = false;
  return { event: 'offline', detail: event.reason ?? 'lost' };
}

function takeReport(d: WorkingDevice, report: TelemetryMessage, receivedAt: number): void {
  if (report.pos) {
    d.lat = report.pos.lat;
    d.lng = report.pos.lng;
    d.speed = report.pos.speed;
    d.positioning = report.pos.fix;
  }
  d.signal = report.signal;
  d.lockLevel = report.lock;
  d.latest = report.data;
  d.workingHours = workingHoursOf(report.data) ?? d.workingHours;
  d.machineOnline = machineOnlineOf(report.data);
  d.activity = activityOf(report.data, report.pos?.speed ?? 0);
  d.lastDeviceTime = report.t;
  d.lastReportAt = receivedAt;
}

/**
 * Apply one in-order event to a machine's working state and plan the alarms it opens and ends. A connection
 * message that changes nothing (a retained status seen again) plans nothing.
 */
export function applyEvent(d: WorkingDevice, event: DeviceEvent, receivedAt: number, options: ApplyOptions): Plan {
  const plan: Plan = { open: [], update: [], end: [], logs: [] };
  const change = connect(d, event);
  if (change) plan.logs.push(change);
  const from = d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : null;
  if (event.type === 'report') takeReport(d, event.report, receivedAt);
  else {
    d.lastReportAt = receivedAt;
    if (!change) return plan;
  }
  const verdicts = evaluateRules({ device: d, event, thresholds: options.thresholds(d) }, options.rules ?? ALARM_RULES);
  for (const rule of options.moveRules ?? []) Object.assign(verdicts, rule(d, from, event, receivedAt));
  planAlarms(d, verdicts, plan);
  return plan;
}

const worse = (type: AlarmType, value: number | null, than: number | null) =>
  value !== null && (than === null || (LOWER_IS_WORSE.has(type) ? value < than : value > than));

/**
 * An alarm that lasts is one alarm (ThingsBoard's model: created, updated, escalated, cleared): a family's finding
 * opens one when none is open, escalates the open one when its level is higher, updates its value when it is
 * worse, and leaves it alone otherwise, so a lasting alarm writes only when it gets worse. A family whose every
 * type stopped holding ends its open alarms.
 */
function planAlarms(d: WorkingDevice, verdicts: Verdicts, plan: Plan): void {
  const found = new Map<string, { type: AlarmType; finding: Finding } | null>();
  for (const [type, finding] of Object.entries(verdicts) as [AlarmType, Finding | null][]) {
    const family = alarmFamilyOf(type);
    const before = found.get(family);
    if (finding && (!before || finding.level > before.finding.level)) found.set(family, { type, finding });
    else if (before === undefined) found.set(family, null);
  }
  for (const [family, holding] of found) {
    const open = d.openAlarms.filter((a) => alarmFamilyOf(a.type) === family);
    if (!holding) {
      plan.end.push(...open);
      // The device log shows when a reported fault went away, beside when it came.
      if (family === 'fault' && open.length > 0) plan.logs.push({ event: 'faultCleared', detail: '' });
      continue;
    }
    const { type, finding } = holding;
    const current = open[0];
    if (!current) {
      plan.open.push({ type, finding });
      if (type === 'fault') plan.logs.push({ event: 'fault', detail: finding.detail ?? '' });
    } else if (finding.level > current.level) {
      plan.update.push({ alarm: current, type, finding, escalated: true });
    } else if (worse(type, finding.value, current.value)) {
      plan.update.push({ alarm: current, type: current.type, finding, escalated: false });
    }
  }
}

/** The alarm flag and the one status code follow the state (contract/codes/device-state.ts). */
export function settleStatus(d: WorkingDevice): void {
  d.alarmOpen = d.openAlarms.some((a) => !a.handled);
  d.status = primaryStatus(d);
}
