import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { isDeskMethod, RECEIPT_METHODS } from '../codes/lease-billing.ts';
import { isDay } from '../http/devices.ts';

/**
 * A contract's security deposit (docs/decisions/073-deposits.md), declared once: its states, derived from its money
 * so they never disagree with it, and its moves with what each does to receipts, bills, the bill record and arrears.
 * Money is integer cents of the lessor's brand's currency.
 */

export const DEPOSIT_STATES = [
  'requested',
  'partlyReceived',
  'held',
  'settling',
  'applied',
  'refunded',
  'settled',
] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const DEPOSIT_STATE = codeTable('deposits:state', [
  ['requested', 'requested', 'gold'],
  ['partlyReceived', 'partlyReceived', 'orange'],
  ['held', 'held', 'blue'],
  ['settling', 'settling', 'cyan'],
  ['applied', 'applied', 'purple'],
  ['refunded', 'refunded', 'green'],
  ['settled', 'settled', 'default'],
]);

export interface DepositFigures {
  /** What the contract asks for. */
  amountCents: number;
  /** What its live receipts brought. */
  receivedCents: number;
  /** What was applied to the contract's bills (allocations of its receipts). */
  appliedCents: number;
  /** What was paid back to the renter. */
  refundedCents: number;
}

/** What the company holds for the renter: received less applied and refunded (never below zero). */
export const heldCents = (d: DepositFigures) => d.receivedCents - d.appliedCents - d.refundedCents;

/** A deposit's state from its figures. */
export function depositState(d: DepositFigures): DepositState {
  const held = heldCents(d);
  const returned = d.appliedCents + d.refundedCents;
  if (d.receivedCents === 0) return 'requested';
  if (held > 0 && returned > 0) return 'settling';
  if (held > 0) return d.receivedCents < d.amountCents ? 'partlyReceived' : 'held';
  if (d.appliedCents > 0 && d.refundedCents > 0) return 'settled';
  return d.appliedCents > 0 ? 'applied' : 'refunded';
}

/** The moves a deposit's history records. */
export const DEPOSIT_MOVE_KINDS = ['request', 'receive', 'receiptVoid', 'apply', 'refund'] as const;
export type DepositMoveKind = (typeof DEPOSIT_MOVE_KINDS)[number];

export const DEPOSIT_MOVE_KIND = codeTable('deposits:move', [
  ['request', 'request', 'gold'],
  ['receive', 'receive', 'blue'],
  ['receiptVoid', 'receiptVoid', 'red'],
  ['apply', 'apply', 'purple'],
  ['refund', 'refund', 'green'],
]);

export interface DepositMove {
  /** The states it may be taken from. */
  from: readonly DepositState[];
  /** Who: `system` with the contract's signing, `writer` the receipt writers of the deposit's lessor. */
  by: 'system' | 'writer';
  /** It needs the contract closed (8) or terminated (9). */
  contractEnded: boolean;
  /** What it does to the records that depend on it. */
  effects: { receipts: string; bills: string; ledger: string; arrears: string };
}

const HOLDING: readonly DepositState[] = ['partlyReceived', 'held', 'settling'];

export const DEPOSIT_MOVES: Record<DepositMoveKind, DepositMove> = {
  request: {
    from: [],
    by: 'system',
    contractEnded: false,
    effects: {
      receipts: 'none',
      bills: 'none: a deposit request is not a bill',
      ledger: 'none',
      arrears: 'none',
    },
  },
  receive: {
    from: ['requested', 'partlyReceived'],
    by: 'writer',
    contractEnded: false,
    effects: {
      receipts: 'a receipt with deposit_id, never allocated to rent bills; at most what is outstanding',
      bills: 'none',
      ledger: 'none: the rent balance is unchanged',
      arrears: 'none',
    },
  },
  receiptVoid: {
    from: ['partlyReceived', 'held'],
    by: 'writer',
    contractEnded: false,
    effects: {
      receipts: 'the receipt is voided (kept), what was received falls',
      bills: 'none',
      ledger: 'none',
      arrears: 'none',
    },
  },
  apply: {
    from: HOLDING,
    by: 'writer',
    contractEnded: true,
    effects: {
      receipts: "allocations of the deposit's receipts, oldest first",
      bills: 'an open bill of the contract is paid by at most what it still owes',
      ledger: 'a depositApplied row lowers the renter balance',
      arrears: 'recomputed; the contract’s steps clear as after a receipt',
    },
  },
  refund: {
    from: HOLDING,
    by: 'writer',
    contractEnded: true,
    effects: {
      receipts: 'none (the receipts stay; what is held falls)',
      bills: 'none',
      ledger: 'none',
      arrears: 'none',
    },
  },
};

/** Whether a move may be taken from a state (the contract's end checked apart). */
export const depositAllows = (move: DepositMoveKind, state: DepositState) => DEPOSIT_MOVES[move].from.includes(state);

/** Why part of a deposit was kept or paid back. */
export const DEPOSIT_REASONS = ['damage', 'cleaning', 'missingParts', 'other'] as const;
export type DepositReason = (typeof DEPOSIT_REASONS)[number];
export const DEPOSIT_REASON = codeTable('deposits:reason', [
  ['damage', 'damage', 'red'],
  ['cleaning', 'cleaning', 'cyan'],
  ['missingParts', 'missingParts', 'orange'],
  ['other', 'other', 'default'],
]);

const amount = z
  .number({ error: 'deposits.amountRequired' })
  .int({ error: 'deposits.amountRequired' })
  .positive({ error: 'deposits.amountRequired' })
  .max(100_000_000_00, { error: 'validation.invalid' });
const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const note = z.string().trim().max(200, { error: 'validation.tooLong' }).default('');
const day = z.string({ error: 'billing.dayRequired' }).trim().refine(isDay, { error: 'billing.dayRequired' });

/** Money received for a deposit: a receipt of the deposit's renter. */
export const depositReceiveForm = z.object({
  depositId: id,
  amountCents: amount,
  method: z
    .enum(RECEIPT_METHODS, { error: 'billing.methodRequired' })
    .refine(isDeskMethod, { error: 'billing.methodOnline' }),
  receivedOn: day,
  reference: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  note,
});
export type DepositReceiveForm = z.infer<typeof depositReceiveForm>;

/** Part of what is held paid to an open bill of the contract. */
export const depositApplyForm = z.object({
  depositId: id,
  billId: id,
  amountCents: amount,
  reason: z.enum(DEPOSIT_REASONS, { error: 'deposits.reasonRequired' }),
  note,
});
export type DepositApplyForm = z.infer<typeof depositApplyForm>;

/** Part of what is held paid back to the renter. */
export const depositRefundForm = z.object({
  depositId: id,
  amountCents: amount,
  method: z
    .enum(RECEIPT_METHODS, { error: 'billing.methodRequired' })
    .refine(isDeskMethod, { error: 'billing.methodOnline' }),
  refundedOn: day,
  reference: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  reason: z.enum(DEPOSIT_REASONS, { error: 'deposits.reasonRequired' }),
  note,
});
export type DepositRefundForm = z.infer<typeof depositRefundForm>;
