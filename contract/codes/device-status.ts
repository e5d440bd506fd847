import { codeTable } from './code-table.ts';

/** Device status 1-9 (spec section 4). */
export const DEVICE_STATUS = codeTable('deviceStatus', [
  [1, 'online', 'green'],
  [2, 'offline', 'default'],
  [3, 'standby', 'blue'],
  [4, 'locked', 'red'],
  [5, 'unlocked', 'cyan'],
  [6, 'working', 'green'],
  [7, 'stopped', 'default'],
  [8, 'alarm', 'red'],
  [9, 'deviceOffline', 'default'],
]);
export type DeviceStatus = (typeof DEVICE_STATUS.values)[number];

/** Further device conditions the labels name beside the status codes. */
export const DEVICE_CONDITION = codeTable('deviceCondition', [
  ['unplugged', 'unplugged', 'orange'],
  ['debugging', 'debugging', 'processing'],
  ['fault', 'fault', 'red'],
  ['toBeRenewed', 'toBeRenewed', 'gold'],
  ['discontinued', 'discontinued', 'default'],
]);

/** Signal strength a machine reports (spec section 3). */
export const SIGNAL = codeTable('signal', [
  ['strong', 'strong', 'green'],
  ['medium', 'medium', 'blue'],
  ['weak', 'weak', 'orange'],
  ['none', 'none', 'default'],
]);

/** How a machine finds its position: satellite (GPS) or base-station positioning. */
export const POSITIONING = codeTable('positioning', [
  ['gps', 'gps', 'blue'],
  ['base', 'baseStation', 'purple'],
]);

const RISK_STATUSES: readonly number[] = [2, 3, 5, 8];

/** Whether risk-control actions are offered for a device in this status (true for 2, 3, 5 and 8). */
export function hasRiskPermission(status: number): boolean {
  return RISK_STATUSES.includes(status);
}
