import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';

/**
 * An organisation's alarm thresholds for one machine kind. A machine follows the rule of its owner (the operator
 * or a lessor) for its kind; without one the spec's constants apply (contract/codes/alarms.ts DEFAULT_THRESHOLDS).
 */
export const alarmRules = sqliteTable(
  'alarm_rules',
  {
    orgId: integer('org_id').notNull(),
    kind: text('kind', { enum: MACHINE_KINDS }).notNull(),
    load80: real('load80').notNull(),
    load90: real('load90').notNull(),
    load99: real('load99').notNull(),
    tiltDeg: real('tilt_deg').notNull(),
    /** 0 means overspeed is not monitored. */
    overspeedKmh: real('overspeed_kmh').notNull(),
    /** 0 means low battery is not monitored. */
    lowBatteryPct: real('low_battery_pct').notNull(),
    offline: integer('offline', { mode: 'boolean' }).notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.kind] })],
);
