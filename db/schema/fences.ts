import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { FenceShape } from '@console/contract/http/fences';

/**
 * Electronic fences (spec section 3). A machine is bound to at most one fence (`devices.fence_id`); ingest
 * raises enter and exit alarms for bound machines inside the monitoring dates and the daily alarm window.
 */
export const fences = sqliteTable(
  'fences',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    /** WGS-84, whatever map it was drawn on (contract/http/fences.ts). */
    shape: text('shape', { mode: 'json' }).$type<FenceShape>().notNull(),
    mapProvider: text('map_provider', { enum: ['global', 'regional'] })
      .notNull()
      .default('global'),
    /** Monitoring dates `YYYY-MM-DD`, both included, as calendar days of `time_zone`. */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    /** The daily alarm window `HH:mm`, in `time_zone`; an end before the start runs over midnight. */
    alarmStart: text('alarm_start').notNull(),
    alarmEnd: text('alarm_end').notNull(),
    /** The zone of the person who last saved the fence (the request's timeZone header). */
    timeZone: text('time_zone').notNull(),
    dailyLimitHours: real('daily_limit_hours'),
    contactName: text('contact_name').notNull().default(''),
    areaCode: text('area_code').notNull().default('86'),
    contactPhone: text('contact_phone').notNull().default(''),
    location: text('location').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('fences_org').on(t.orgId)],
);
