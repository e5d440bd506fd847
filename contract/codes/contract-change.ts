import { codeTable } from './code-table.ts';

/**
 * Contract changes (docs/decisions/041-contract-changes.md): a change is a row of the contracts table of kind
 * `change`, against a contract in execution, and takes the contract's state machine (lease-flow.ts). Its status codes
 * are the other kinds' (contract-status.ts: 8 is "completed"). Each of its lines does one thing from the change's
 * effective day; the planned end moves when the change names a new one.
 */
export const CONTRACT_KINDS = ['contract', 'change'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** add: a machine (or a model and a count) joins; remove: a line's machines leave; reprice: a line's business model or prices. */
export const CHANGE_OPS = ['add', 'remove', 'reprice'] as const;
export type ChangeOp = (typeof CHANGE_OPS)[number];

/** What a change's kinds are shown as in the list (a change may do several). */
export const CHANGE_KINDS = ['add', 'remove', 'reprice', 'extend'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The kinds and the ops as the console labels them (its codes catalog: `changeKind.*`, `changeOp.*`). */
export const CHANGE_KIND = codeTable(
  'changeKind',
  CHANGE_KINDS.map((k) => [k, k, k === 'remove' ? 'red' : k === 'add' ? 'green' : 'blue'] as const),
);
export const CHANGE_OP = codeTable(
  'changeOp',
  CHANGE_OPS.map((k) => [k, k, k === 'remove' ? 'red' : k === 'add' ? 'green' : 'blue'] as const),
);
