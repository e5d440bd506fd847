import { CONTROLLER_SILENT } from '../mqtt/payloads.ts';
import { DEVICE_CONDITION } from './device-status.ts';
import { RENEWAL_DAYS } from './finance.ts';

export type DeviceCondition = (typeof DEVICE_CONDITION.values)[number];

/** How long after its unit is fitted a machine that has not been delivered is still being commissioned. */
export const COMMISSIONING_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** What the lifecycle labels are read from: the registry and whether the unit has ever reported. */
export interface LifecycleFacts {
  inventoryState: 'inventory' | 'installed';
  leaseStatus: 'stock' | 'leased';
  customerOrgId: number | null;
  /** The day the unit was fitted (`YYYY-MM-DD`). */
  installedAt: string | null;
  lastReportAt: Date | null;
}

/**
 * The lifecycle labels of spec section 4 beside the status codes (decision 021):
 * - debugging: the unit is fitted and reporting, and the machine has not been delivered (in stock, no
 *   customer) within COMMISSIONING_DAYS of its fitting: it is being commissioned and tested;
 * - discontinued: the owner took the unit off the machine (set back to inventory after it was fitted): the
 *   machine is retired from monitoring, and what it last reported is history.
 */
export function lifecycleConditions(d: LifecycleFacts, today: string): DeviceCondition[] {
  if (d.inventoryState === 'inventory') return d.installedAt ? ['discontinued'] : [];
  const undelivered = d.leaseStatus === 'stock' && d.customerOrgId === null;
  const fittedRecently = d.installedAt !== null && dayNumber(today) - dayNumber(d.installedAt) <= COMMISSIONING_DAYS;
  return undelivered && fittedRecently && d.lastReportAt !== null ? ['debugging'] : [];
}

/**
 * "To be renewed": the connectivity service (SIM and platform) ends within the longest renewal window, today
 * included; the dashboard's figure and the device list's `expiry` filter count the same machines.
 */
export const TO_BE_RENEWED_DAYS = RENEWAL_DAYS[RENEWAL_DAYS.length - 1];

/** What every condition is read from: the lifecycle facts, the latest report and the service expiry. */
export interface ConditionFacts extends LifecycleFacts {
  online: boolean;
  /** The latest telemetry's kind data as stored (its `faults` flags are read). */
  latest: unknown;
  /** The last day of service (`YYYY-MM-DD`), null when none is recorded. */
  serviceExpiresAt: string | null;
}

function reportedFaults(latest: unknown): string[] {
  const faults = (latest as { faults?: unknown } | null)?.faults;
  return Array.isArray(faults) ? faults.filter((f): f is string => typeof f === 'string') : [];
}

/**
 * Every condition label of spec section 4 that holds, in DEVICE_CONDITION's order (docs/decisions/062):
 * - unplugged: the unit is on line and reports its machine's controller silent (CONTROLLER_SILENT: the harness
 *   unplugged or the machine's power cut), the state status 9 shows;
 * - fault: the latest report carries a fault flag of the machine (any but CONTROLLER_SILENT), until a report
 *   without it;
 * - toBeRenewed: the service ends within TO_BE_RENEWED_DAYS;
 * - debugging and discontinued: lifecycleConditions.
 */
export function deviceConditions(d: ConditionFacts, today: string): DeviceCondition[] {
  const faults = reportedFaults(d.latest);
  const held = new Set<DeviceCondition>(lifecycleConditions(d, today));
  if (d.online && faults.includes(CONTROLLER_SILENT)) held.add('unplugged');
  if (faults.some((f) => f !== CONTROLLER_SILENT)) held.add('fault');
  if (d.serviceExpiresAt) {
    const left = dayNumber(d.serviceExpiresAt) - dayNumber(today);
    if (left >= 0 && left < TO_BE_RENEWED_DAYS) held.add('toBeRenewed');
  }
  return DEVICE_CONDITION.values.filter((c) => held.has(c));
}
