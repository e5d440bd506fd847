import { codeTable } from './code-table.ts';

/** What a machine did and reported, as ingest logs it (server/src/ingest/apply.ts). */
export const DEVICE_LOG_EVENT = codeTable('deviceLogEvent', [
  ['online', 'online', 'green'],
  ['offline', 'offline', 'default'],
  ['sleep', 'sleep', 'purple'],
  ['wake', 'wake', 'cyan'],
  ['fault', 'fault', 'red'],
  ['faultCleared', 'faultCleared', 'green'],
]);
export type DeviceLogEvent = (typeof DEVICE_LOG_EVENT.values)[number];

/** What people did, grouped for the operation log's filter. */
export const OPERATION_CATEGORY = codeTable('operationCategory', [
  ['command', 'command', 'blue'],
  ['sleepWake', 'sleepWake', 'purple'],
  ['registry', 'registry', 'geekblue'],
  ['file', 'file', 'cyan'],
  ['expense', 'expense', 'gold'],
  ['other', 'other', 'default'],
]);
export type OperationCategory = (typeof OPERATION_CATEGORY.values)[number];

/** The spec's expense item types. */
export const EXPENSE_TYPE = codeTable('expenseType', [
  ['maintenance', 'maintenance', 'blue'],
  ['violation', 'violation', 'red'],
  ['insurance', 'insurance', 'green'],
]);
export type ExpenseType = (typeof EXPENSE_TYPE.values)[number];

/** What a device file is, chosen by the uploader; the file type itself is read from the content. */
export const DEVICE_FILE_CATEGORY = codeTable('deviceFileCategory', [
  ['manual', 'manual', 'blue'],
  ['certificate', 'certificate', 'green'],
  ['photo', 'photo', 'cyan'],
  ['other', 'other', 'default'],
]);
export type DeviceFileCategory = (typeof DEVICE_FILE_CATEGORY.values)[number];

/** Why a machine went offline, as the device log keeps it: its status said so, or the watchdog found it silent. */
export const OFFLINE_REASON = codeTable('offlineReason', [
  ['lost', 'lost', 'default'],
  ['silent', 'silent', 'default'],
  ['shutdown', 'shutdown', 'default'],
]);

/**
 * The controller fault codes the fleet's machines report (simulator/src/machines, the seed), with what each means,
 * so the device log says it in words beside the code. A code outside the table is shown as it came.
 */
export const FAULT_CODE = codeTable('faultCode', [
  ['E01', 'E01', 'red'],
  ['E05', 'E05', 'red'],
  ['E12', 'E12', 'red'],
  ['E21', 'E21', 'red'],
  ['E33', 'E33', 'red'],
  ['E44', 'E44', 'red'],
  ['P07', 'P07', 'red'],
  ['P30', 'P30', 'red'],
  ['H21', 'H21', 'red'],
  ['S02', 'S02', 'red'],
  ['S11', 'S11', 'red'],
  ['B03', 'B03', 'red'],
  ['F01', 'F01', 'red'],
]);
