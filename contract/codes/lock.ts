import { codeTable } from './code-table.ts';

/** Lock levels of risk control, from unlocked to the second-level lock. */
export const LOCK_LEVEL = codeTable('lockLevel', [
  [0, 'unlocked', 'green'],
  [1, 'firstPreLock', 'gold'],
  [2, 'firstLock', 'orange'],
  [3, 'secondPreLock', 'volcano'],
  [4, 'secondLock', 'red'],
]);

/** When a lock takes effect on the machine. */
export const LOCK_MODE = codeTable('lockMode', [
  [1, 'unconditional', 'red'],
  [2, 'onStop', 'orange'],
  [3, 'onPosition', 'gold'],
]);

export const LOCK_TASK_TYPE = codeTable('lockTaskType', [
  [1, 'offline', 'blue'],
  [2, 'scheduled', 'purple'],
]);

export const LOCK_EXECUTION = codeTable('lockExecution', [
  [1, 'executing', 'processing'],
  [2, 'succeeded', 'green'],
  [3, 'failed', 'red'],
  [4, 'cancelled', 'default'],
]);
