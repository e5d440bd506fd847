import type { DeviceStatus } from '@console/contract/codes/device-status';

/**
 * Marker colours by primary status. The badges of contract/codes show locked and alarm both red; on a map the
 * two must be told apart at a glance, so locked is purple here.
 */
export const STATUS_COLORS: Record<DeviceStatus, string> = {
  1: '#52c41a',
  2: '#8c8c8c',
  3: '#1677ff',
  4: '#722ed1',
  5: '#13c2c2',
  6: '#52c41a',
  7: '#faad14',
  8: '#f5222d',
  9: '#fa8c16',
};

/** The statuses a machine shows on the map (primaryStatus never answers 1 or 5), in the legend's order. */
export const MAP_STATUSES: DeviceStatus[] = [6, 3, 7, 8, 4, 9, 2];

export const statusColor = (status: number): string => STATUS_COLORS[status as DeviceStatus] ?? STATUS_COLORS[2];

/**
 * The statuses from worst to best, for a cluster's colour: as telematics consoles do, a cluster shows the worst
 * state of the machines inside it, so one alarm in a cluster of a hundred working machines is not hidden.
 */
export const WORST_FIRST: DeviceStatus[] = [8, 4, 9, 2, 7, 3, 6, 1, 5];

/** The worst status among counts by status (index = status code). */
export function worstStatus(counts: readonly number[]): DeviceStatus {
  return WORST_FIRST.find((status) => (counts[status] ?? 0) > 0) ?? 2;
}

/** A conic gradient with an arc per status, in the legend's order, sized by its share of the counts. */
export function statusMix(counts: readonly number[]): string {
  const total = counts.reduce((sum, n) => sum + (n ?? 0), 0);
  if (total === 0) return statusColor(2);
  let from = 0;
  const arcs: string[] = [];
  for (const status of [...MAP_STATUSES, 1, 5] as DeviceStatus[]) {
    const n = counts[status] ?? 0;
    if (n === 0) continue;
    const to = from + (n / total) * 360;
    arcs.push(`${statusColor(status)} ${from.toFixed(1)}deg ${to.toFixed(1)}deg`);
    from = to;
  }
  return `conic-gradient(${arcs.join(', ')})`;
}
