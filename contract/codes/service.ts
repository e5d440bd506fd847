import { codeTable } from './code-table.ts';

/** Maintenance work orders (tickets). */
export const WORK_ORDER_STATUS = codeTable('workOrderStatus', [
  [1, 'pending', 'gold'],
  [2, 'assigned', 'blue'],
  [3, 'repaired', 'cyan'],
  [4, 'paid', 'purple'],
  [5, 'resolved', 'green'],
  [6, 'suspended', 'default'],
]);

/** Customer feedback. */
export const FEEDBACK_STATUS = codeTable('feedbackStatus', [
  [1, 'pending', 'gold'],
  [2, 'resolved', 'green'],
  [3, 'ignored', 'default'],
  [4, 'repaired', 'cyan'],
  [5, 'paid', 'purple'],
]);

/** Approvals (binding requests, cases and the like). */
export const APPROVAL_STATUS = codeTable('approvalStatus', [
  [1, 'underReview', 'gold'],
  [2, 'approved', 'green'],
  [3, 'rejected', 'red'],
]);

/** Activities and push messages. */
export const PUSH_STATUS = codeTable('pushStatus', [
  [0, 'notExpired', 'green'],
  [1, 'expired', 'default'],
]);

/** What a work order is for. */
export const WORK_ORDER_TYPE = codeTable('workOrderType', [
  [1, 'repair', 'red'],
  [2, 'upkeep', 'blue'],
  [3, 'inspection', 'cyan'],
  [4, 'installation', 'geekblue'],
]);

/** Where a work order came from: typed in, or raised in one step from an alarm, a reminder, feedback or a fault. */
export const WORK_ORDER_SOURCE = codeTable('workOrderSource', [
  ['manual', 'manual', 'default'],
  ['alarm', 'alarm', 'red'],
  ['upkeep', 'upkeep', 'blue'],
  ['feedback', 'feedback', 'purple'],
  ['fault', 'fault', 'volcano'],
  // A return whose inspection found damage (lease-handover).
  ['leaseExit', 'leaseExit', 'orange'],
]);

/** Fault types, shared by fault records, work orders and the expert library's cases. */
export const FAULT_TYPE = codeTable('faultType', [
  ['hydraulic', 'hydraulic', 'blue'],
  ['electrical', 'electrical', 'gold'],
  ['engine', 'engine', 'volcano'],
  ['battery', 'battery', 'green'],
  ['controller', 'controller', 'geekblue'],
  ['structure', 'structure', 'magenta'],
  ['tyres', 'tyres', 'cyan'],
  ['sensor', 'sensor', 'purple'],
  ['other', 'other', 'default'],
]);

/** How often a maintenance reminder comes due (spec section 9: every 3 months, 6 months, a year; or working hours). */
export const UPKEEP_INTERVAL = codeTable('upkeepInterval', [
  ['3m', 'threeMonths', 'blue'],
  ['6m', 'sixMonths', 'cyan'],
  ['12m', 'year', 'geekblue'],
  ['hours', 'workingHours', 'purple'],
]);
