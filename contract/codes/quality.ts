import type { KindData } from '../mqtt/payloads.ts';
import { codeTable } from './code-table.ts';
import type { MachineKind } from './machine-kinds.ts';

/**
 * Quality management and end-of-line testing (docs/decisions/055-quality-management.md): every machine is inspected
 * against its kind's test plan before it ships, or returns to the fleet after a repair. An automatic item is judged
 * on the server from what the machine reported during the inspection; a manual item by the inspector.
 */

/** An inspection's states: in progress, then passed or failed; a failed one is retested (a new inspection). */
export const INSPECTION_STATES = ['inProgress', 'passed', 'failed', 'retested', 'cancelled'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];
export const INSPECTION_STATE = codeTable('quality:states', [
  ['inProgress', 'inProgress', 'processing'],
  ['passed', 'passed', 'green'],
  ['failed', 'failed', 'red'],
  ['retested', 'retested', 'orange'],
  ['cancelled', 'cancelled', 'default'],
]);
/** Finished: what the history lists (a retested inspection failed; its machine was tested again). */
export const FINISHED_STATES = ['passed', 'failed', 'retested'] as const satisfies readonly InspectionState[];

/**
 * The inspection's state machine, declared once: the server refuses what it does not allow, the console offers only
 * what it allows. `complete` leads to passed when every item passed, to failed otherwise; it needs every item judged.
 * `retest` closes a failed inspection and opens a new one linked to it; `cancel` drops one started by mistake.
 */
export const INSPECTION_FLOW = {
  /** Judge the automatic items again and record the manual ones: the inspection stays in progress. */
  record: { from: ['inProgress'], to: ['inProgress'] },
  complete: { from: ['inProgress'], to: ['passed', 'failed'] },
  retest: { from: ['failed'], to: ['retested'] },
  cancel: { from: ['inProgress'], to: ['cancelled'] },
} as const satisfies Record<string, { from: readonly InspectionState[]; to: readonly InspectionState[] }>;
export type InspectionAction = keyof typeof INSPECTION_FLOW;
export const INSPECTION_ACTIONS = Object.keys(INSPECTION_FLOW) as InspectionAction[];
export const inspectionAllows = (action: InspectionAction, state: string): boolean =>
  (INSPECTION_FLOW[action].from as readonly string[]).includes(state);

/** Why a machine is inspected. */
export const INSPECTION_REASONS = ['newBuild', 'afterRepair', 'retest'] as const;
export type InspectionReason = (typeof INSPECTION_REASONS)[number];
export const INSPECTION_REASON = codeTable('quality:reasons', [
  ['newBuild', 'newBuild', 'blue'],
  ['afterRepair', 'afterRepair', 'purple'],
  ['retest', 'retest', 'orange'],
]);

export const ITEM_RESULTS = ['pass', 'fail'] as const;
export type ItemResult = (typeof ITEM_RESULTS)[number];
export const ITEM_RESULT = codeTable('quality:results', [
  ['pass', 'pass', 'green'],
  ['fail', 'fail', 'red'],
]);

/**
 * What an item checks. `manual`: the inspector's judgement. The others are judged from the machine's reports:
 * `reporting` (a report within the last REPORTING_WINDOW_MS, the unit online), `positionFixed` (a satellite or
 * base-station position), `noFaults` (no fault code reported), `unlocked` (the lock state reads unlocked), `reading`
 * (a reading of the kind's telemetry within a range).
 */
export const CHECKS = ['manual', 'reporting', 'positionFixed', 'noFaults', 'unlocked', 'reading'] as const;
export type Check = (typeof CHECKS)[number];
export const CHECK = codeTable('quality:checks', [
  ['manual', 'manual', 'default'],
  ['reporting', 'reporting', 'blue'],
  ['positionFixed', 'positionFixed', 'blue'],
  ['noFaults', 'noFaults', 'blue'],
  ['unlocked', 'unlocked', 'blue'],
  ['reading', 'reading', 'blue'],
]);
export const isAutomatic = (check: string): boolean => check !== 'manual';

/** A machine reports every 10 s; one silent for longer than this fails the reporting item. */
export const REPORTING_WINDOW_MS = 60_000;

/** The numeric readings of each kind's telemetry (contract/mqtt kindData) an item can hold to a range, with units. */
export const READINGS = {
  aerialPlatform: { batteryV: 'V', batteryPct: '%', tiltDeg: '°', platformHeightM: 'm', loadPct: '%' },
  concretePump: { pressureMpa: 'MPa', displacementM3h: 'm³/h', engineHours: 'h' },
  wetSprayer: { pressureMpa: 'MPa', sprayRateM3h: 'm³/h', acceleratorPct: '%', engineHours: 'h' },
  mower: { batteryPct: '%', bladeRpm: 'rpm', workingHours: 'h' },
  boat: { fuelPct: '%', engineRpm: 'rpm', waterTempC: '°C', engineHours: 'h' },
  forklift: { batteryPct: '%', forkHeightM: 'm', loadKg: 'kg', workingHours: 'h' },
  battery: { voltageV: 'V', chargePct: '%', temperatureC: '°C', currentA: 'A', cycles: '' },
  charger: { outputV: 'V', outputA: 'A', energyKwh: 'kWh' },
} as const satisfies Record<MachineKind, Record<string, string>>;
export type Reading = { [K in MachineKind]: keyof (typeof READINGS)[K] }[MachineKind];
export const ALL_READINGS = [...new Set(Object.values(READINGS).flatMap((r) => Object.keys(r)))] as unknown as [
  Reading,
  ...Reading[],
];
export const readingsOf = (kind: MachineKind): Reading[] => Object.keys(READINGS[kind]) as Reading[];
export const unitOf = (kind: MachineKind, reading: string): string =>
  (READINGS[kind] as Record<string, string>)[reading] ?? '';

/** A plan item as an inspection holds it. */
export interface CheckSpec {
  check: Check;
  reading: string | null;
  min: number | null;
  max: number | null;
}

/** What the server knows of a machine: ingest's latest state (devices table). */
export interface MachineReport {
  online: boolean;
  lastReportAt: number | null;
  lat: number | null;
  lng: number | null;
  lockLevel: string;
  latest: KindData | null;
}

/** An automatic item's judgement: null while the machine has not reported since the inspection started. */
export interface Judgement {
  result: ItemResult | null;
  value: string;
}

/**
 * Judge an automatic item from the machine's latest report. Only a report received since the inspection started
 * counts: a value from before (a machine on the shelf for weeks) judges nothing.
 */
export function judge(item: CheckSpec, machine: MachineReport, startedAt: number, now: number): Judgement {
  const reported = machine.lastReportAt !== null && machine.lastReportAt >= startedAt;
  if (!reported || !machine.latest) return { result: null, value: '' };
  const verdict = (ok: boolean, value: string): Judgement => ({ result: ok ? 'pass' : 'fail', value });
  switch (item.check) {
    case 'reporting': {
      const ageS = Math.max(0, Math.round((now - machine.lastReportAt!) / 1000));
      return verdict(machine.online && ageS * 1000 <= REPORTING_WINDOW_MS, `${ageS} s`);
    }
    case 'positionFixed':
      return verdict(
        machine.lat !== null && machine.lng !== null,
        machine.lat !== null && machine.lng !== null ? `${machine.lat.toFixed(5)}, ${machine.lng.toFixed(5)}` : '',
      );
    case 'noFaults':
      return verdict(machine.latest.faults.length === 0, machine.latest.faults.join(', '));
    case 'unlocked':
      return verdict(machine.lockLevel === 'unlocked', machine.lockLevel);
    case 'reading': {
      const raw = item.reading ? (machine.latest as unknown as Record<string, unknown>)[item.reading] : undefined;
      if (typeof raw !== 'number') return { result: 'fail', value: '' };
      const ok = (item.min === null || raw >= item.min) && (item.max === null || raw <= item.max);
      return verdict(ok, String(Math.round(raw * 100) / 100));
    }
    default:
      return { result: null, value: '' };
  }
}

/** How an inspection ends when completed: passed only when every item passed. */
export const resultOf = (results: (ItemResult | null)[]): 'passed' | 'failed' =>
  results.every((r) => r === 'pass') ? 'passed' : 'failed';

/** The most items a plan holds. */
export const MAX_PLAN_ITEMS = 30;
