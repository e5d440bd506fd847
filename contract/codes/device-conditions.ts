import type { DEVICE_CONDITION } from './device-status.ts';

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
