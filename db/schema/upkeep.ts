import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Upkeep plans (maintenance reminders): a machine is serviced every 3, 6 or 12 months, or every `intervalHours`
 * working hours. The next due date or hours are stored when the last service changes, so the due lists filter in
 * SQL. A plan raises at most one open work order; when it is resolved the plan is done (server/src/routes/upkeep).
 */
export const upkeepPlans = sqliteTable(
  'upkeep_plans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The machine's owner. */
    orgId: integer('org_id').notNull(),
    deviceId: integer('device_id').notNull(),
    interval: text('interval', { enum: ['3m', '6m', '12m', 'hours'] }).notNull(),
    intervalHours: integer('interval_hours'),
    content: text('content').notNull().default(''),
    /** The last service: a calendar day, `YYYY-MM-DD`, the same for every viewer (decision 026). */
    lastDoneAt: text('last_done_at').notNull(),
    lastDoneHours: real('last_done_hours').notNull().default(0),
    /** Date plans: the day it comes due, `YYYY-MM-DD`; null for hours plans. */
    nextDueAt: text('next_due_at'),
    /** Hours plans: the working hours it comes due at; null for date plans. */
    nextDueHours: real('next_due_hours'),
    /** The open work order raised from it, and the machine's working hours then. */
    workOrderId: integer('work_order_id'),
    raisedHours: real('raised_hours'),
    /** The last of its work orders that was resolved. */
    lastWorkOrderId: integer('last_work_order_id'),
    createdBy: integer('created_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('upkeep_plans_device').on(t.deviceId),
    index('upkeep_plans_due').on(t.nextDueAt),
    index('upkeep_plans_work_order').on(t.workOrderId),
  ],
);
