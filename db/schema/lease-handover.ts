import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Entries (deliveries) and exits (returns) of machines under a contract in execution (issue 13;
 * docs/decisions/035-lease-handover.md). One table for both kinds: they carry the same facts (day, site, people,
 * the inspection of each machine, the renter's confirmation) and differ only in what their confirmation does to
 * the machine and its lease period (lease-periods.ts). A draft may be deleted; a confirmed record never changes.
 */
export const HANDOVER_KINDS = ['entry', 'exit'] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];
export const HANDOVER_STATES = ['draft', 'confirmed'] as const;
export type HandoverState = (typeof HANDOVER_STATES)[number];

export const leaseHandovers = sqliteTable(
  'lease_handovers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** e.g. JC-20261125-0002 (entry) or TC-20261125-0001 (exit): unique within its lessor. */
    number: text('number').notNull(),
    kind: text('kind', { enum: HANDOVER_KINDS }).notNull(),
    /** The lessor (the contract's), named org_id as every owned table so the isolation matrix finds its rows. */
    orgId: integer('org_id').notNull(),
    contractId: integer('contract_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    state: text('state', { enum: HANDOVER_STATES }).notNull().default('draft'),
    /** The day the machines were delivered or returned (`YYYY-MM-DD`): the period's first or last day. */
    day: text('day').notNull(),
    siteProvince: text('site_province').notNull().default(''),
    siteCity: text('site_city').notNull().default(''),
    siteDistrict: text('site_district').notNull().default(''),
    siteAddress: text('site_address').notNull().default(''),
    /** Who handed the machines over and who took them (names as written on the delivery note). */
    deliveredBy: text('delivered_by').notNull().default(''),
    receivedBy: text('received_by').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    confirmedBy: integer('confirmed_by'),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('lease_handovers_number').on(t.orgId, t.number),
    index('lease_handovers_org_kind').on(t.orgId, t.kind, t.day),
    index('lease_handovers_contract').on(t.contractId),
    index('lease_handovers_renter').on(t.renterOrgId),
  ],
);

/** One machine of an entry or exit with its inspection at that moment. */
export const leaseHandoverMachines = sqliteTable(
  'lease_handover_machines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    handoverId: integer('handover_id').notNull(),
    /** The contract line it is delivered or returned under (a model line gets a machine of that model). */
    lineId: integer('line_id').notNull(),
    deviceId: integer('device_id').notNull(),
    /** Read from the machine's own latest telemetry when the record was written; null when it never reported. */
    hourMeter: real('hour_meter'),
    batteryPct: real('battery_pct'),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    /** Upload urls (jpg/png) of the inspection photos. */
    photos: text('photos', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Damage found at the inspection; on a confirmed exit a non-empty note has raised a work order. */
    damage: text('damage').notNull().default(''),
    workOrderId: integer('work_order_id'),
    /** The lease period the confirmation opened (entry) or closed (exit). */
    periodId: integer('period_id'),
  },
  (t) => [
    uniqueIndex('lease_handover_machines_device').on(t.handoverId, t.deviceId),
    index('lease_handover_machines_by_device').on(t.deviceId),
  ],
);
