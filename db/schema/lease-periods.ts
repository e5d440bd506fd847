import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * A machine's time on lease: from the day its delivery (entry) was confirmed to the day its return (exit) was
 * confirmed, under one line of one contract. Entries and exits write it; bills, arrears and the lease-period
 * screens read it. Calendar days are `YYYY-MM-DD` text (decision 026); both the first and the last day count as
 * days on lease.
 */
export const leasePeriods = sqliteTable(
  'lease_periods',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lessorOrgId: integer('lessor_org_id').notNull(),
    contractId: integer('contract_id').notNull(),
    /** The contract line the machine was delivered under: its business model and prices bill the period. */
    lineId: integer('line_id').notNull(),
    deviceId: integer('device_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    /** The entry (delivery) that started it and the exit (return) that ended it, once there is one. */
    entryId: integer('entry_id'),
    exitId: integer('exit_id'),
    startOn: text('start_on').notNull(),
    /** The contract's end day when the machine entered (a contract change may move it). */
    plannedEndOn: text('planned_end_on').notNull(),
    /** The last day on lease; null while the machine is on lease. */
    endOn: text('end_on'),
    /**
     * The contract change that ended this period by repricing its line (decision 041): the machine stayed, and its
     * next period under the new line starts the day after. Such an end is no return: it gets no exit bill of its own.
     */
    endedByChangeId: integer('ended_by_change_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('lease_periods_lessor').on(t.lessorOrgId, t.startOn),
    index('lease_periods_contract').on(t.contractId),
    index('lease_periods_renter').on(t.renterOrgId),
    index('lease_periods_device').on(t.deviceId, t.startOn),
    // A machine cannot be on two leases at once, also when two deliveries race.
    uniqueIndex('lease_periods_open_device')
      .on(t.deviceId)
      .where(sql`end_on is null`),
  ],
);
