import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { CHECKS, INSPECTION_REASONS, INSPECTION_STATES, ITEM_RESULTS } from '@console/contract/codes/quality';

/**
 * Test plans (docs/decisions/055-quality-management.md): the items a machine of a kind is inspected against, per
 * brand (the maker behind the brand's console), in order.
 */
export const qualityPlanItems = sqliteTable(
  'quality_plan_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The keeper: the platform's organisation. */
    orgId: integer('org_id').notNull(),
    appid: text('appid').notNull(),
    kind: text('kind', { enum: MACHINE_KINDS }).notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    check: text('check', { enum: CHECKS }).notNull(),
    reading: text('reading'),
    min: real('min'),
    max: real('max'),
    updatedBy: integer('updated_by'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('quality_plan_items_plan').on(t.appid, t.kind, t.position)],
);

/** An inspection of one machine against its kind's plan, copied at the start. */
export const qualityInspections = sqliteTable(
  'quality_inspections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: text('number').notNull().default(''),
    /** The machine's owner when the inspection started (the data scope). */
    orgId: integer('org_id').notNull(),
    deviceId: integer('device_id').notNull(),
    kind: text('kind', { enum: MACHINE_KINDS }).notNull(),
    modelId: integer('model_id').notNull(),
    reason: text('reason', { enum: INSPECTION_REASONS }).notNull(),
    state: text('state', { enum: INSPECTION_STATES }).notNull().default('inProgress'),
    /** The failed inspection this one retests. */
    previousId: integer('previous_id'),
    inspectorId: integer('inspector_id').notNull(),
    remark: text('remark').notNull().default(''),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    /** Who completed or cancelled it (the inspector who started it may not be the one). */
    finishedBy: integer('finished_by'),
    /** Who sent a failed inspection to its retest, and when. */
    retestedBy: integer('retested_by'),
    retestedAt: integer('retested_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('quality_inspections_org_state').on(t.orgId, t.state, t.startedAt),
    index('quality_inspections_device').on(t.deviceId),
    index('quality_inspections_previous').on(t.previousId),
  ],
);

/** An inspection's items and their results (null until judged). */
export const qualityInspectionItems = sqliteTable(
  'quality_inspection_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    inspectionId: integer('inspection_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    check: text('check', { enum: CHECKS }).notNull(),
    reading: text('reading'),
    min: real('min'),
    max: real('max'),
    result: text('result', { enum: ITEM_RESULTS }),
    /** What was measured (a reading, seconds since the last report, the fault codes), as text. */
    value: text('value').notNull().default(''),
    note: text('note').notNull().default(''),
    judgedBy: integer('judged_by'),
    judgedAt: integer('judged_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('quality_inspection_items_inspection').on(t.inspectionId, t.position)],
);
