import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ALARM_TYPES, type AlarmType } from '@console/contract/codes/alarms';

export { ALARM_TYPES, type AlarmType };

/**
 * Alarms raised by machines. An alarm opens when its rule starts to hold and ends when it stops holding. Who
 * may see one follows its device (owner, customer, distributor). The bell and the alarm centre read them.
 */
export const alarms = sqliteTable(
  'alarms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    type: text('type', { enum: ALARM_TYPES }).notNull(),
    /** 1 notice, 2 warning, 3 critical. */
    level: integer('level').notNull().default(2),
    /** The measured value that crossed the threshold (load %, tilt degrees, km/h, battery %), if any. */
    value: real('value'),
    /** The threshold the value crossed, as the machine's alarm rule said when the alarm opened. */
    threshold: real('threshold'),
    detail: text('detail').notNull().default(''),
    /** The project (customer's site) and zone the machine was in when the alarm opened. */
    projectName: text('project_name').notNull().default(''),
    zoneName: text('zone_name').notNull().default(''),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    handledBy: integer('handled_by'),
    remark: text('remark').notNull().default(''),
    /** Someone has seen it (it stays in the bell until it is handled or ends). */
    acknowledgedAt: integer('acknowledged_at', { mode: 'timestamp_ms' }),
    acknowledgedBy: integer('acknowledged_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('alarms_device_started').on(t.deviceId, t.startedAt),
    index('alarms_open').on(t.handledAt, t.startedAt),
    // The alarm centre lists newest first.
    index('alarms_started').on(t.startedAt),
    // Ingest reads a machine's alarms that have not ended on every batch.
    index('alarms_device_ended').on(t.deviceId, t.endedAt),
  ],
);

/** Who acknowledged or handled an alarm, when, and with which remark: the alarm's handling history. */
export const alarmActions = sqliteTable(
  'alarm_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    alarmId: integer('alarm_id').notNull(),
    action: text('action', { enum: ['acknowledge', 'handle'] }).notNull(),
    userId: integer('user_id').notNull(),
    remark: text('remark').notNull().default(''),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('alarm_actions_alarm').on(t.alarmId, t.at)],
);
