import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Sub-leasing (issue 14; docs/decisions/042-sub-leasing.md): the companies a rental company rents machines from
 * (sub-lessors) and the machines it rents in from them (sub-leases). Money is integer cents (decision 038); days
 * are `YYYY-MM-DD` text (decision 026).
 */

/**
 * A sub-lessor IS an organisation of kind 'sublessor' under its lessor (parentId), as a renter is a customer
 * organisation (decision 034): the organisation holds its name, contact and address; this row what leasing adds.
 */
export const sublessors = sqliteTable(
  'sublessors',
  {
    orgId: integer('org_id').primaryKey(),
    lessorOrgId: integer('lessor_org_id').notNull(),
    /** 1 person, 2 company (the renters' identity labels). */
    identityType: integer('identity_type').notNull(),
    idNumber: text('id_number').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('sublessors_lessor').on(t.lessorOrgId)],
);

export const SUBLEASE_STATES = ['renting', 'returned'] as const;
export type SubleaseState = (typeof SUBLEASE_STATES)[number];

/** One machine rented in from a sub-lessor for a period, at a price by business model. */
export const subleases = sqliteTable(
  'subleases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** e.g. ZL-20261125-0001: unique within its lessor. */
    number: text('number').notNull(),
    /** The lessor that rents the machine in, named org_id as every owned table (the isolation matrix finds it). */
    orgId: integer('org_id').notNull(),
    sublessorOrgId: integer('sublessor_org_id').notNull(),
    deviceId: integer('device_id').notNull(),
    state: text('state', { enum: SUBLEASE_STATES }).notNull().default('renting'),
    startOn: text('start_on').notNull(),
    /** The agreed last day. */
    endOn: text('end_on').notNull(),
    /** The day the machine went back to the sub-lessor (null while rented in). */
    returnedOn: text('returned_on'),
    businessModel: integer('business_model').notNull(),
    dayCents: integer('day_cents'),
    monthCents: integer('month_cents'),
    /** What the sub-lease costs: over the agreed period while rented in, to the return day once returned. */
    costCents: integer('cost_cents').notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    returnedBy: integer('returned_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('subleases_org_number').on(t.orgId, t.number),
    index('subleases_sublessor').on(t.sublessorOrgId),
    index('subleases_device').on(t.deviceId),
  ],
);
