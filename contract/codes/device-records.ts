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
