import { sql } from 'drizzle-orm';
import { customType, index, integer, real, sqliteTable, sqliteView, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { COMMAND_TYPES, LOCK_LEVELS, LOCK_MODES, SIGNALS, type KindData } from '@console/contract/mqtt/payloads';
import { readStoredData, storedData } from '@console/contract/mqtt/stored-data';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** Device types / models: name, category (the machine kind) and image are required (spec section 5). */
export const deviceModels = sqliteTable(
  'device_models',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    /** Its name in Chinese and in English (decision 064), '' when not kept; searches match all three. */
    nameZh: text('name_zh').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    category: text('category', { enum: MACHINE_KINDS }).notNull(),
    image: text('image').notNull(),
    brand: text('brand').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('device_models_org').on(t.orgId)],
);

/**
 * Hosts: every field of the spec's Device entity, plus the latest state ingest keeps current. `status` is the
 * derived device status code 1-9 (contract/codes), stored so lists filter and count on an index.
 */
export const devices = sqliteTable(
  'devices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The owner: a lessor (or the operator). */
    orgId: integer('org_id').notNull(),
    customerOrgId: integer('customer_org_id'),
    distributorOrgId: integer('distributor_org_id'),
    modelId: integer('model_id').notNull(),
    kind: text('kind', { enum: MACHINE_KINDS }).notNull(),
    /** The device serial number: the MQTT client id and user name. */
    serialNumber: text('serial_number').notNull(),
    hostSerial: text('host_serial').notNull().default(''),
    hostName: text('host_name').notNull().default(''),
    deviceName: text('device_name').notNull().default(''),
    hostType: text('host_type').notNull().default(''),
    brand: text('brand').notNull().default(''),
    machineNumber: text('machine_number').notNull().default(''),
    gpsSerial: text('gps_serial').notNull().default(''),
    positioning: text('positioning', { enum: ['gps', 'base'] })
      .notNull()
      .default('gps'),
    licensePlate: text('license_plate').notNull().default(''),
    engineNumber: text('engine_number').notNull().default(''),
    frameNumber: text('frame_number').notNull().default(''),
    /** The day the telematics unit was fitted (`YYYY-MM-DD`, decision 026). */
    installedAt: text('installed_at'),
    location: text('location').notNull().default(''),
    /** WGS-84; converted to GCJ-02 only when drawn on the regional map. */
    lat: real('lat'),
    lng: real('lng'),
    speed: real('speed').notNull().default(0),
    signal: text('signal', { enum: SIGNALS }).notNull().default('none'),
    inventoryState: text('inventory_state', { enum: ['inventory', 'installed'] })
      .notNull()
      .default('inventory'),
    leaseStatus: text('lease_status', { enum: ['stock', 'leased'] })
      .notNull()
      .default('stock'),
    /** The last day of the connectivity service (`YYYY-MM-DD`, decision 026): it runs to that day's end. */
    serviceExpiresAt: text('service_expires_at'),
    fenceId: integer('fence_id'),
    online: integer('online', { mode: 'boolean' }).notNull().default(false),
    sleeping: integer('sleeping', { mode: 'boolean' }).notNull().default(false),
    lockLevel: text('lock_level', { enum: LOCK_LEVELS }).notNull().default('unlocked'),
    /** The machine's controller reports (false: the telematics unit is up but the machine is silent). */
    machineOnline: integer('machine_online', { mode: 'boolean' }).notNull().default(false),
    activity: text('activity', { enum: ['working', 'standby', 'stopped'] })
      .notNull()
      .default('stopped'),
    alarmOpen: integer('alarm_open', { mode: 'boolean' }).notNull().default(false),
    /** primaryStatus() of the sides above (contract/codes/device-state.ts), kept current by ingest. */
    status: integer('status').notNull().default(2),
    workingHours: real('working_hours').notNull().default(0),
    /** The kind's latest telemetry (contract/mqtt kindData) as JSON. */
    latest: text('latest', { mode: 'json' }),
    lastDeviceTime: integer('last_device_time', { mode: 'timestamp_ms' }),
    lastReportAt: integer('last_report_at', { mode: 'timestamp_ms' }),
    reportIntervalS: integer('report_interval_s').notNull().default(10),
    /** 0 means overspeed is not monitored. */
    overspeedKmh: real('overspeed_kmh').notNull().default(0),
    mqttSecretHash: text('mqtt_secret_hash').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_serial').on(t.serialNumber),
    index('devices_org_status').on(t.orgId, t.status),
    index('devices_customer').on(t.customerOrgId),
    index('devices_distributor').on(t.distributorOrgId),
    // The device list by kind, on line or not (status 1, 2 and the codes within them) and the scope's owner, customer
    // and distributor: its count read from the index alone, and a page by latest report in the index's order instead
    // of every match read and sorted (a lessor's 2,791 aerial platforms on line among 20,000 machines: 5-10 ms each
    // for the count and the page on PostgreSQL, which read 1,808 pages of wide rows; 1 ms and 0.2 ms with it). It
    // begins with the kind, so it serves what an index of the kind alone did. Ingest rewrites its entry with the last
    // report, at most every STATE_WRITE_MS per machine.
    index('devices_kind_online_report').on(
      t.kind,
      t.online,
      t.lastReportAt,
      t.id,
      t.orgId,
      t.customerOrgId,
      t.distributorOrgId,
    ),
    // The service expiry windows (1/7/15/30 days) of the device list and the fleet home.
    index('devices_service_expiry').on(t.serviceExpiresAt),
    // A fence's machines (its count, the device list's fence filter).
    index('devices_fence').on(t.fenceId),
  ],
);

/**
 * One row (id 1) whose version moves whenever a connection other than ingest's changes what ingest keeps in memory
 * between batches: machines, their alarms, their customers' names. Each such connection's own temporary triggers
 * move it (db/client.ts); ingest reads it in every batch and reads its machines again when it moved (store.ts).
 */
export const keptStateVersion = sqliteTable('kept_state_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});

/**
 * A report's kind data as stored (contract/mqtt/stored-data.ts): the values of its shape's fields, names kept once in
 * the contract, read back as the kind data it was written from.
 */
const storedKindData = customType<{ data: KindData; driverData: string }>({
  dataType: () => 'text',
  toDriver: storedData,
  fromDriver: readStoredData,
});

/**
 * Every accepted report, by device time: its kind data and, when it said where it was, its track point (GPS time is
 * the report's time). One row a report (decision 075's layout): history queries stay within a month and 1000 rows.
 */
export const telemetry = sqliteTable(
  'telemetry',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    deviceTime: integer('device_time', { mode: 'timestamp_ms' }).notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    data: storedKindData('data').notNull(),
    /** The position, null when the report had none. */
    lat: real('lat'),
    lng: real('lng'),
    speed: real('speed'),
    /** The track point's alarm info ('' none), null without a position. */
    alarmInfo: text('alarm_info'),
    alarmValue: real('alarm_value'),
  },
  (t) => [index('telemetry_device_time').on(t.deviceId, t.deviceTime)],
);

/**
 * Track points: GPS time, longitude, latitude, speed, alarm info, alarm value and receive time (spec section 3): the
 * reports that said where the machine was, as a view of telemetry (db/migrations 0051, db/migrations-pg 0018).
 */
export const trackPoints = sqliteView('track_points', {
  id: integer('id').notNull(),
  deviceId: integer('device_id').notNull(),
  gpsTime: integer('gps_time', { mode: 'timestamp_ms' }).notNull(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
  lat: real('lat').notNull(),
  lng: real('lng').notNull(),
  speed: real('speed').notNull(),
  alarmInfo: text('alarm_info').notNull(),
  alarmValue: real('alarm_value'),
}).existing();

/**
 * The durable command queue: queued -> sent -> delivered -> succeeded | failed, or expired / cancelled.
 * The console shows executing (queued, sent, delivered), succeeded, failed and cancelled.
 */
export const commands = sqliteTable(
  'commands',
  {
    id: text('id').primaryKey(),
    deviceId: integer('device_id').notNull(),
    orgId: integer('org_id').notNull(),
    type: text('type', { enum: COMMAND_TYPES }).notNull(),
    lockLevel: text('lock_level', { enum: LOCK_LEVELS }),
    lockMode: text('lock_mode', { enum: LOCK_MODES }),
    params: text('params', { mode: 'json' }),
    state: text('state', {
      enum: ['queued', 'sent', 'delivered', 'succeeded', 'failed', 'expired', 'cancelled'],
    })
      .notNull()
      .default('queued'),
    /** Why it ended as it did, a code (contract/http/commands.ts COMMAND_REASONS); '' while it runs. */
    reason: text('reason').notNull().default(''),
    /** What the machine said (a refusal's reason) or which command superseded this one. */
    detail: text('detail').notNull().default(''),
    /** The lock level and sleep state the machine reported when it finished the command. */
    reported: text('reported', { mode: 'json' }).$type<{ lock: string; sleeping: boolean }>(),
    /** How often it was published (re-sent after a restart or a reconnect). */
    attempts: integer('attempts').notNull().default(0),
    createdBy: integer('created_by'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('commands_device_state').on(t.deviceId, t.state),
    index('commands_state_expires').on(t.state, t.expiresAt),
    index('commands_created').on(t.createdAt),
  ],
);

/** What a machine did and reported (connections, sleep and wake, faults), for the device log tab. */
export const deviceLogs = sqliteTable(
  'device_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    event: text('event').notNull(),
    detail: text('detail').notNull().default(''),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('device_logs_device_at').on(t.deviceId, t.at)],
);

/** What people did to a machine (commands, edits, sleep and wake tasks), for the operation log tab. */
export const operationLogs = sqliteTable(
  'operation_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    detail: text('detail').notNull().default(''),
    commandId: text('command_id'),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('operation_logs_device_at').on(t.deviceId, t.at)],
);
