import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DEPOSIT_MOVE_KINDS, DEPOSIT_REASONS, DEPOSIT_STATES } from '@console/contract/lease/deposits';
import { RECEIPT_METHODS } from '@console/contract/codes/lease-billing';

/**
 * Contracts' security deposits (docs/decisions/073-deposits.md): requested when the contract comes into force,
 * received through receipts (`receipts.deposit_id`), held, and applied to the contract's bills or refunded. Money is
 * integer cents of the lessor's brand's currency, as its bills (decision 064); the figures are kept with every move, the state follows them.
 */

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const deposits = sqliteTable(
  'deposits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** YJ-<contract number>. */
    number: text('number').notNull(),
    contractId: integer('contract_id').notNull(),
    lessorOrgId: integer('lessor_org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    receivedCents: integer('received_cents').notNull().default(0),
    appliedCents: integer('applied_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    state: text('state', { enum: DEPOSIT_STATES }).notNull().default('requested'),
    /** The lessor's day it was requested on. */
    requestedOn: text('requested_on').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('deposits_contract').on(t.contractId),
    index('deposits_lessor').on(t.lessorOrgId, t.state),
    index('deposits_renter').on(t.renterOrgId),
  ],
);

/** Each move of a deposit: what, how much, which receipt or bill, why, who (none: the signing) and when. */
export const depositMoves = sqliteTable(
  'deposit_moves',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    depositId: integer('deposit_id').notNull(),
    kind: text('kind', { enum: DEPOSIT_MOVE_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    receiptId: integer('receipt_id'),
    billId: integer('bill_id'),
    /** A refund's method (none for other moves). */
    method: text('method', { enum: RECEIPT_METHODS }),
    reference: text('reference').notNull().default(''),
    reason: text('reason', { enum: DEPOSIT_REASONS }),
    note: text('note').notNull().default(''),
    day: text('day').notNull(),
    userId: integer('user_id'),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('deposit_moves_deposit').on(t.depositId, t.id)],
);
