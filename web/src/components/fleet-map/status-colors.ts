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
