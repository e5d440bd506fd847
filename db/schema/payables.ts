import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PAYABLE_STATES, PAYMENT_STATES } from '@console/contract/http/payables';
import { RECEIPT_METHODS } from '@console/contract/codes/lease-billing';

/**
 * What a rental company owes its sub-lessors (docs/decisions/079-sublessor-payables.md): a payable per sub-lease per
 * month, and the payments recorded against it. Money is integer cents of the company's brand's currency (decision
 * 064); days are `YYYY-MM-DD` text (decision 026).
 */

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const payables = sqliteTable(
  'payables',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** YF-<sub-lease number>-<YYYYMM>. */
    number: text('number').notNull(),
    /** The rental company that rents the machine in (named org_id as every owned table: the isolation matrix finds it). */
    orgId: integer('org_id').notNull(),
    sublessorOrgId: integer('sublessor_org_id').notNull(),
    subleaseId: integer('sublease_id').notNull(),
    deviceId: integer('device_id').notNull(),
    /** The month it charges for, `YYYY-MM`, and its first and last day within the sub-lease. */
    month: text('month').notNull(),
    fromOn: text('from_on').notNull(),
    toOn: text('to_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** What its live payments paid. */
    paidCents: integer('paid_cents').notNull().default(0),
    state: text('state', { enum: PAYABLE_STATES }).notNull().default('open'),
    /** The company's day it was issued on, and the day it falls due. */
    issuedOn: text('issued_on').notNull(),
    dueOn: text('due_on').notNull(),
    voidReason: text('void_reason').notNull().default(''),
    voidedBy: integer('voided_by'),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    // One payable per sub-lease and month, whatever its state: the scheduler's pass issues each once.
    uniqueIndex('payables_sublease_month').on(t.subleaseId, t.month),
    index('payables_org_state').on(t.orgId, t.state, t.dueOn),
    index('payables_sublessor').on(t.sublessorOrgId),
    index('payables_device_month').on(t.deviceId, t.month),
  ],
);

/** A payment to the sub-lessor against one payable; voided with a reason, never deleted. */
export const payablePayments = sqliteTable(
  'payable_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    payableId: integer('payable_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    paidOn: text('paid_on').notNull(),
    method: text('method', { enum: RECEIPT_METHODS }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    state: text('state', { enum: PAYMENT_STATES }).notNull().default('live'),
    voidReason: text('void_reason').notNull().default(''),
    voidedBy: integer('voided_by'),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payable_payments_payable').on(t.payableId, t.id)],
);
