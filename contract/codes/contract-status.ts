import { codeTable, type CodeTable } from './code-table.ts';

/**
 * Contract status 1-9 (spec section 4). Code 8 is "closed" for contracts and "completed" for the other
 * kinds that share these codes (entries, exits, changes, sub-leases), and so is grey or green.
 */
const rows = [
  [1, 'pendingReview', 'gold'],
  [2, 'withdrawn', 'red'],
  [3, 'awaitingSignInitiation', 'gold'],
  [4, 'rejected', 'red'],
  [5, 'awaitingLesseeSign', 'gold'],
  [6, 'awaitingLessorSign', 'gold'],
  [7, 'inExecution', 'green'],
] as const;

export const CONTRACT_STATUS = codeTable('contractStatus', [
  ...rows,
  [8, 'closed', 'default'],
  [9, 'terminated', 'red'],
]);
export const OTHER_KIND_STATUS = codeTable('contractStatus', [
  ...rows,
  [8, 'completed', 'green'],
  [9, 'terminated', 'red'],
]);

export type ContractStatus = (typeof CONTRACT_STATUS.values)[number];

/** The table for a record: contracts themselves, or another kind that uses the contract codes. */
export function contractStatusTable(kind: 'contract' | 'other'): CodeTable<ContractStatus> {
  return kind === 'contract' ? CONTRACT_STATUS : OTHER_KIND_STATUS;
}
