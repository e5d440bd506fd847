import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Daily work per machine (docs/decisions/037-daily-work.md): the telemetry and track points folded, once, into one
 * row per machine and local day by the rollup job beside ingest (server/src/analysis/rollup.ts). The analysis pages
 * read these rows, never the raw telemetry. The organisations are those of the machine on that day (owner,
 * customer, distributor), so a renter sees the days it rented the machine and not the days before.
 */
export const dailyWork = sqliteTable(
  'daily_work',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    /** `YYYY-MM-DD` in `time_zone`, the zone of the machine's organisation (decision 037). */
    day: text('day').notNull(),
    timeZone: text('time_zone').notNull(),
    kind: text('kind').notNull(),
    ownerOrgId: integer('owner_org_id').notNull(),
    /** The site: the customer the machine worked for that day, and the contract of its lease, when known. */
    customerOrgId: integer('customer_org_id'),
    distributorOrgId: integer('distributor_org_id'),
    contractId: integer('contract_id'),
    /** Hours the hour meter advanced (kinds without one: hours charging or discharging). */
    hoursWorked: real('hours_worked').notNull().default(0),
    /** Hours covered by reports (a gap over ROLLUP_GAP_MS between two reports is not counted). */
    hoursPowered: real('hours_powered').notNull().default(0),
    distanceKm: real('distance_km').notNull().default(0),
    /** Concrete pumped (pump) or sprayed (wet sprayer). */
    volumeM3: real('volume_m3').notNull().default(0),
    /** Mowed (mower). */
    areaM2: real('area_m2').notNull().default(0),
    /** Starts of lifting (aerial platform) or loads picked up (forklift). */
    lifts: integer('lifts').notNull().default(0),
    /** Charged (charger). */
    energyKwh: real('energy_kwh').notNull().default(0),
    /** Charge cycles (battery). */
    cycles: integer('cycles').notNull().default(0),
    reports: integer('reports').notNull().default(0),
  },
  (t) => [
    uniqueIndex('daily_work_device_day').on(t.deviceId, t.day),
    index('daily_work_day').on(t.day, t.kind),
    index('daily_work_owner_day').on(t.ownerOrgId, t.day),
    index('daily_work_customer_day').on(t.customerOrgId, t.day),
  ],
);

/**
 * The last report folded per machine: its time and the counters the next report's deltas start from, so a chunk
 * boundary does not break a delta. `state` is the kind's JSON (contract/analysis fold state).
 */
export const workCursors = sqliteTable('work_cursors', {
  deviceId: integer('device_id').primaryKey(),
  /** Device time of the last telemetry folded, ms. */
  telemetryAt: integer('telemetry_at'),
  state: text('state').notNull().default('{}'),
  /** The last position folded (track points), for the distance. */
  trackAt: integer('track_at'),
  lat: real('lat'),
  lng: real('lng'),
  speed: real('speed'),
});

/** How far the rollup has read: the last telemetry and track point ids folded, advanced with the rows it wrote. */
export const rollupWatermarks = sqliteTable('rollup_watermarks', {
  name: text('name').primaryKey(),
  lastId: integer('last_id').notNull().default(0),
});

/**
 * Telemetry in 5-minute buckets per machine (docs/decisions/075-telemetry-retention.md): filled from the raw
 * telemetry and track points by the retention job (server/src/retention/aggregate.ts) as they arrive, and what every
 * reader answers from for a range older than the raw window, before and after the raw rows are pruned.
 */
export const telemetryBuckets = sqliteTable(
  'telemetry_buckets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    /** The bucket's start, ms (a multiple of 5 minutes since the epoch; every zone's offset is a multiple of 5). */
    bucketAt: integer('bucket_at').notNull(),
    reports: integer('reports').notNull().default(0),
    /** The bucket's first report (device time, ms) and its kind data: an hour meter at the bucket's start. */
    firstAt: integer('first_at'),
    firstData: text('first_data'),
    /** The bucket's last report: its device and receive time and its kind data (the record kept of the bucket). */
    lastAt: integer('last_at'),
    lastReceivedAt: integer('last_received_at'),
    lastData: text('last_data'),
    /** Each numeric reading (`field` or `field.i` of an array) as `[count, sum, min, max]`, JSON. */
    stats: text('stats').notNull().default('{}'),
    /** Track points in the bucket, and the last of them (the point kept of the bucket). */
    points: integer('points').notNull().default(0),
    gpsAt: integer('gps_at'),
    gpsReceivedAt: integer('gps_received_at'),
    lat: real('lat'),
    lng: real('lng'),
    speed: real('speed'),
    alarmInfo: text('alarm_info'),
    alarmValue: real('alarm_value'),
  },
  (t) => [
    uniqueIndex('telemetry_buckets_device_at').on(t.deviceId, t.bucketAt),
    index('telemetry_buckets_at').on(t.bucketAt),
  ],
);

/**
 * How long telemetry is kept (decision 075): raw reports and track points `rawDays`, the 5-minute buckets
 * `bucketDays`. Organisation 0 is the server-wide setting; an organisation's own row holds for the machines it owns.
 * Alarms, daily work and bills are never pruned by it.
 */
export const retentionSettings = sqliteTable('retention_settings', {
  orgId: integer('org_id').primaryKey(),
  rawDays: integer('raw_days').notNull(),
  bucketDays: integer('bucket_days').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
