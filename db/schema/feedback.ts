import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Customer feedback on a machine. It belongs to the organisation that owns the machine (`orgId`), which handles
 * it, and is seen by the organisation that sent it (`reporterOrgId`). FEEDBACK_STATUS codes: 1 pending,
 * 2 resolved, 3 ignored, 4 repaired, 5 paid; once turned into a work order it follows that work order.
 */
export const feedback = sqliteTable(
  'feedback',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    reporterOrgId: integer('reporter_org_id').notNull(),
    deviceId: integer('device_id').notNull(),
    info: text('info').notNull(),
    reporterName: text('reporter_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Upload urls (photo rule: jpg/png, 500 kb), a JSON array of at most 10. */
    images: text('images', { mode: 'json' }).$type<string[]>().notNull(),
    status: integer('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    handledBy: integer('handled_by'),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    workOrderId: integer('work_order_id'),
    createdBy: integer('created_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('feedback_org_status').on(t.orgId, t.status),
    index('feedback_reporter').on(t.reporterOrgId),
    index('feedback_created').on(t.createdAt),
    index('feedback_work_order').on(t.workOrderId),
  ],
);
