import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Fault records of machines: typed in or taken from a fault alarm. They belong to the organisation that owns
 * the machine (`orgId`), so they stay with it when the machine changes customer.
 */
export const faultRecords = sqliteTable(
  'fault_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    deviceId: integer('device_id').notNull(),
    /** The fault alarm it was taken from (one record per alarm). */
    alarmId: integer('alarm_id'),
    /** FAULT_TYPE values, a JSON array. */
    faultTypes: text('fault_types', { mode: 'json' }).$type<string[]>().notNull(),
    cause: text('cause').notNull(),
    parts: text('parts').notNull().default(''),
    repairMethod: text('repair_method').notNull().default(''),
    /** The calendar days it happened and was repaired, `YYYY-MM-DD`: the same for every viewer (decision 026). */
    occurredAt: text('occurred_at').notNull(),
    repairedAt: text('repaired_at'),
    state: text('state', { enum: ['open', 'repaired'] })
      .notNull()
      .default('open'),
    reporterName: text('reporter_name').notNull().default(''),
    /** The work order raised from it (at most one). */
    workOrderId: integer('work_order_id'),
    createdBy: integer('created_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('fault_records_device').on(t.deviceId, t.occurredAt),
    index('fault_records_occurred').on(t.occurredAt),
    uniqueIndex('fault_records_alarm').on(t.alarmId),
  ],
);
