import { codeTable } from './code-table.ts';

/** A fault record: open until it is repaired (docs/decisions/019-maintenance-records.md). */
export const FAULT_STATE = codeTable('faultState', [
  ['open', 'open', 'red'],
  ['repaired', 'repaired', 'green'],
]);

/** Where a maintenance reminder stands against its next due date or working hours. */
export const UPKEEP_DUE = codeTable('upkeepDue', [
  ['ok', 'ok', 'green'],
  ['dueSoon', 'dueSoon', 'gold'],
  ['overdue', 'overdue', 'red'],
]);
