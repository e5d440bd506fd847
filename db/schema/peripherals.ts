import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * Virtual hosts: machines a company keeps on its books without a telematics unit of their own (spec section 3):
 * installation type, brand, platform height, power source, equipment height, customer name, lease status.
 * The host number identifies a row within its owner (and matches rows on import).
 */
export const virtualHosts = sqliteTable(
  'virtual_hosts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    hostNumber: text('host_number').notNull(),
    installationType: text('installation_type', { enum: ['factory', 'aftermarket'] }).notNull(),
    brand: text('brand').notNull(),
    /** Metres. */
    platformHeight: real('platform_height').notNull(),
    powerSource: text('power_source', { enum: ['electric', 'diesel', 'hybrid'] }).notNull(),
    /** Metres. */
    equipmentHeight: real('equipment_height').notNull(),
    customerName: text('customer_name').notNull().default(''),
    /** LEASE_STATUS: 1 stock, 2 under lease. */
    leaseStatus: integer('lease_status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('virtual_hosts_org_number').on(t.orgId, t.hostNumber)],
);

/** The controller unit on a machine: serial, model, firmware, the host it is bound to, its SIM card. */
export const controllers = sqliteTable(
  'controllers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    model: text('model').notNull(),
    firmwareVersion: text('firmware_version').notNull().default(''),
    deviceId: integer('device_id'),
    simCardId: integer('sim_card_id'),
    /** The day it was installed, `YYYY-MM-DD`, the same for every viewer (decision 026). */
    installedAt: text('installed_at'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('controllers_serial').on(t.serialNumber),
    index('controllers_org').on(t.orgId),
    index('controllers_device').on(t.deviceId),
  ],
);

/** Vehicle GPS gateways: IMEI, the vehicle's plate, the host it is bound to, SIM card, positioning, install time. */
export const gpsGateways = sqliteTable(
  'gps_gateways',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    imei: text('imei').notNull(),
    plate: text('plate').notNull().default(''),
    deviceId: integer('device_id'),
    simCardId: integer('sim_card_id'),
    positioning: text('positioning', { enum: ['gps', 'base'] })
      .notNull()
      .default('gps'),
    /** The day it was installed, `YYYY-MM-DD`, the same for every viewer (decision 026). */
    installedAt: text('installed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gps_gateways_imei').on(t.imei),
    index('gps_gateways_org').on(t.orgId),
    index('gps_gateways_device').on(t.deviceId),
  ],
);

/**
 * Purchase info of a host (one row per machine, kept with the machine's owner): original purchase value, salvage
 * value by percentage (the 'device annex residual value', 0-100) or as an amount, purchase time and attachments.
 */
export const purchaseInfos = sqliteTable('purchase_infos', {
  deviceId: integer('device_id').primaryKey(),
  orgId: integer('org_id').notNull(),
  /** Yuan. */
  originalValueCents: integer('original_value_cents').notNull(),
  salvageMode: text('salvage_mode', { enum: ['percentage', 'amount'] }).notNull(),
  /** Percent 0-100 in percentage mode, else null. */
  salvageRate: real('salvage_rate'),
  /** Yuan: entered in amount mode, derived from the rate in percentage mode. */
  salvageValueCents: integer('salvage_value_cents').notNull(),
  /** The day it was bought, `YYYY-MM-DD`, the same for every viewer (decision 026). */
  purchasedAt: text('purchased_at'),
  /** Upload urls (JSON arrays): photos (jpg/png, 500 kb, up to 10) and PDF documents (5 MB, up to 10). */
  photos: text('photos', { mode: 'json' }).$type<string[]>().notNull().default([]),
  documents: text('documents', { mode: 'json' }).$type<string[]>().notNull().default([]),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
});

/** Accessories fitted to a host: name, spec, quantity, serial and value (yuan, each). */
export const accessories = sqliteTable(
  'accessories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    deviceId: integer('device_id').notNull(),
    name: text('name').notNull(),
    spec: text('spec').notNull().default(''),
    quantity: integer('quantity').notNull(),
    serial: text('serial').notNull().default(''),
    valueCents: integer('value_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('accessories_device').on(t.deviceId), index('accessories_org').on(t.orgId)],
);
