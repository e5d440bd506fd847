import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Alarms raised by machines. The data plane's rule engine writes them; the shell's bell and the alarm
 * centre read them. Field names follow the spec's alarm entry (wid, nid, pname, zoneName, alarmType ...).
 */
export const alarms = sqliteTable(
  'alarms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    deviceId: integer('device_id').notNull(),
    projectName: text('project_name').notNull().default(''),
    zoneName: text('zone_name').notNull().default(''),
    alarmType: text('alarm_type').notNull(),
    alarmInfo: text('alarm_info').notNull().default(''),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('alarms_org_started').on(t.orgId, t.startedAt)],
);
