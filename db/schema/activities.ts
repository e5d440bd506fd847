import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** A brand app's activities (docs/decisions/056-activities-and-push.md): shown from one moment to another. */
export const activities = sqliteTable(
  'activities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    /** The brand whose app shows it. */
    appid: text('appid').notNull(),
    title: text('title').notNull(),
    /** The lowest app version that shows it ('' for every version). */
    version: text('version').notNull().default(''),
    platform: text('platform', { enum: ['all', 'android', 'ios'] }).notNull(),
    image: text('image').notNull(),
    h5Path: text('h5_path').notNull().default(''),
    content: text('content').notNull(),
    startAt: integer('start_at', { mode: 'timestamp_ms' }).notNull(),
    endAt: integer('end_at', { mode: 'timestamp_ms' }).notNull(),
    updatedBy: integer('updated_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('activities_app_end').on(t.appid, t.endAt)],
);

/**
 * The push outbox: one row per push of an activity to the brand app's users on its platform, due now or at a set
 * time; the app's push gateway takes the rows that are due.
 */
export const activityPushes = sqliteTable(
  'activity_pushes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    activityId: integer('activity_id').notNull(),
    appid: text('appid').notNull(),
    platform: text('platform', { enum: ['all', 'android', 'ios'] }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('activity_pushes_activity').on(t.activityId, t.dueAt),
    index('activity_pushes_due').on(t.appid, t.dueAt),
  ],
);
