import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  DEVICE_FILE_CATEGORY,
  EXPENSE_TYPE,
  type DeviceFileCategory,
  type ExpenseType,
} from '@console/contract/codes/device-records';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * Files kept with a machine (manuals, certificates, photos). The bytes are an upload (accounts `uploads`,
 * server/src/lib/uploads.ts); `org_id` is the machine's owner, whose records these are.
 */
export const deviceFiles = sqliteTable(
  'device_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    orgId: integer('org_id').notNull(),
    /** The stored upload's random name (`<hex>.<type>`). */
    fileName: text('file_name').notNull(),
    /** The name the uploader's file had, shown and used for the download. */
    name: text('name').notNull(),
    category: text('category', {
      enum: DEVICE_FILE_CATEGORY.values as [DeviceFileCategory, ...DeviceFileCategory[]],
    }).notNull(),
    type: text('type', { enum: ['jpg', 'png', 'pdf'] }).notNull(),
    size: integer('size').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('device_files_device').on(t.deviceId), index('device_files_file').on(t.fileName)],
);

/**
 * Expense items (spec section 3): host id, type, amount, date. Amounts in fen (integer) so totals add up
 * exactly; the date is a calendar day as the user entered it. `org_id` is the machine's owner.
 */
export const deviceExpenses = sqliteTable(
  'device_expenses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    orgId: integer('org_id').notNull(),
    type: text('type', { enum: EXPENSE_TYPE.values as [ExpenseType, ...ExpenseType[]] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** `YYYY-MM-DD`. */
    date: text('date').notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_expenses_device_date').on(t.deviceId, t.date),
    index('device_expenses_org_date').on(t.orgId, t.date),
  ],
);
