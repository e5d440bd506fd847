import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Alarm rules of the data plane's engine (spec sections 5 and 9); labels are `alarm.type.<type>` messages. */
export const ALARM_TYPES = [
  'load80',
  'load90',
  'load99',
  'tilt',
  'overspeed',
  'lowBattery',
  'fault',
  'offline',
  'fenceEnter',
  'fenceExit',
] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

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
    detail: text('detail').notNull().default(''),
    /** The project (customer's site) and zone the machine was in when the alarm opened. */
    projectName: text('project_name').notNull().default(''),
    zoneName: text('zone_name').notNull().default(''),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    handledBy: integer('handled_by'),
    remark: text('remark').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('alarms_device_started').on(t.deviceId, t.startedAt),
    index('alarms_open').on(t.handledAt, t.startedAt),
    // Ingest reads a machine's alarms that have not ended on every batch.
    index('alarms_device_ended').on(t.deviceId, t.endedAt),
  ],
);
