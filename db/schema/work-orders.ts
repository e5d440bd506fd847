import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { WORK_ORDER_EVENTS } from '@console/contract/codes/work-order-flow';

const WORK_ORDER_SOURCES = ['manual', 'alarm', 'upkeep', 'feedback', 'fault', 'leaseExit'] as const;

/**
 * Maintenance work orders (spec "Work order"). The order belongs to the organisation that owns its machine, so
 * the machine's keepers act on it and whoever sees the machine reads it (docs/decisions/018-work-orders.md).
 */
export const workOrders = sqliteTable(
  'work_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Human-readable, e.g. WO202611250001: the day it was created and its number that day. */
    number: text('number').notNull(),
    title: text('title').notNull(),
    /** WORK_ORDER_TYPE code. */
    type: integer('type').notNull().default(1),
    /** 1 to 5. */
    level: integer('level').notNull().default(3),
    /** WORK_ORDER_STATUS code; the state machine is contract/codes/work-order-flow.ts. */
    status: integer('status').notNull().default(1),
    /** Where a suspended order goes back to when it resumes. */
    suspendedFrom: integer('suspended_from'),
    deviceId: integer('device_id').notNull(),
    /** The machine kind (the spec's device category), as it was when the order was made. */
    deviceKind: text('device_kind', { enum: MACHINE_KINDS }).notNull(),
    /** The machine's owner when the order was made. */
    orgId: integer('org_id').notNull(),
    source: text('source', { enum: WORK_ORDER_SOURCES }).notNull().default('manual'),
    sourceId: integer('source_id'),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    address: text('address').notNull().default(''),
    areaCode: text('area_code').notNull().default('86'),
    phone: text('phone').notNull(),
    content: text('content').notNull().default(''),
    /** File urls (jpg/png of at most 500 kb, ten at most). */
    attachments: text('attachments', { mode: 'json' }).$type<string[]>().notNull().default([]),
    assigneeId: integer('assignee_id'),
    /** Who recorded the repair. */
    solverId: integer('solver_id'),
    settled: integer('settled', { mode: 'boolean' }).notNull().default(false),
    paymentCents: integer('payment_cents'),
    remark: text('remark').notNull().default(''),
    /** FAULT_TYPE values. */
    faultTypes: text('fault_types', { mode: 'json' }).$type<string[]>().notNull().default([]),
    faultCause: text('fault_cause').notNull().default(''),
    partsUsed: text('parts_used').notNull().default(''),
    repairMethod: text('repair_method').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('work_orders_number').on(t.number),
    index('work_orders_created').on(t.createdAt),
    index('work_orders_device').on(t.deviceId),
    index('work_orders_org_status').on(t.orgId, t.status),
    index('work_orders_assignee').on(t.assigneeId, t.status),
    index('work_orders_source').on(t.source, t.sourceId),
  ],
);

/** The timeline: one row per thing done to an order (created, edited, every action), never changed. */
export const workOrderEvents = sqliteTable(
  'work_order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    workOrderId: integer('work_order_id').notNull(),
    action: text('action', { enum: WORK_ORDER_EVENTS }).notNull(),
    userId: integer('user_id').notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status'),
    remark: text('remark').notNull().default(''),
    /** What the action recorded, as JSON: the assignee, the repair, the payment, an edit's changes. */
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('work_order_events_order').on(t.workOrderId, t.at)],
);
