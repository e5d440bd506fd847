import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  DEFINITION_STATES,
  INSTANCE_STATES,
  MODEL_STATES,
  PROCESS_CATEGORIES,
  PROCESS_EVENTS,
  TASK_STATES,
} from '@console/contract/codes/processes';
import type { FormFieldDecl, NodeDecl } from '@console/contract/http/processes';

/**
 * Process management (docs/decisions/054-process-management.md). Every row carries the organisation the process
 * serves (`org_id`): its people start it, its admins read it, nobody outside sees it.
 */

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** A form template: its fields declared in order (JSON). */
export const processForms = sqliteTable(
  'process_forms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fields: text('fields', { mode: 'json' }).$type<FormFieldDecl[]>().notNull(),
    revision: integer('revision').notNull().default(1),
    updatedBy: integer('updated_by'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('process_forms_org').on(t.orgId)],
);

/** A process model: its form and its approval nodes in order (JSON), a draft until deployed. */
export const processModels = sqliteTable(
  'process_models',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: PROCESS_CATEGORIES }).notNull(),
    formId: integer('form_id').notNull(),
    description: text('description').notNull().default(''),
    nodes: text('nodes', { mode: 'json' }).$type<NodeDecl[]>().notNull(),
    state: text('state', { enum: MODEL_STATES }).notNull().default('draft'),
    latestVersion: integer('latest_version').notNull().default(0),
    updatedBy: integer('updated_by'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('process_models_key').on(t.orgId, t.key)],
);

/** A deployed version: the model's design and its form's fields frozen; only its state changes. */
export const processDefinitions = sqliteTable(
  'process_definitions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    modelId: integer('model_id').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: PROCESS_CATEGORIES }).notNull(),
    description: text('description').notNull().default(''),
    version: integer('version').notNull(),
    formName: text('form_name').notNull(),
    formRevision: integer('form_revision').notNull(),
    fields: text('fields', { mode: 'json' }).$type<FormFieldDecl[]>().notNull(),
    nodes: text('nodes', { mode: 'json' }).$type<NodeDecl[]>().notNull(),
    state: text('state', { enum: DEFINITION_STATES }).notNull().default('active'),
    deployedBy: integer('deployed_by'),
    deployedAt: integer('deployed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('process_definitions_version').on(t.modelId, t.version),
    index('process_definitions_org').on(t.orgId),
  ],
);

/** A process started from a definition, with its form's data (JSON). */
export const processInstances = sqliteTable(
  'process_instances',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** LC + the id, zero-padded. */
    number: text('number').notNull(),
    orgId: integer('org_id').notNull(),
    definitionId: integer('definition_id').notNull(),
    title: text('title').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: INSTANCE_STATES }).notNull().default('running'),
    /** The node waiting now; null once ended. */
    currentNode: integer('current_node'),
    startedBy: integer('started_by').notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('process_instances_starter').on(t.startedBy, t.state), index('process_instances_org').on(t.orgId)],
);

/** One assignee's part of one node of an instance. */
export const processTasks = sqliteTable(
  'process_tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    instanceId: integer('instance_id').notNull(),
    nodeIndex: integer('node_index').notNull(),
    assigneeId: integer('assignee_id').notNull(),
    state: text('state', { enum: TASK_STATES }).notNull().default('pending'),
    comment: text('comment').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('process_tasks_assignee').on(t.assigneeId, t.state),
    index('process_tasks_instance').on(t.instanceId, t.nodeIndex),
  ],
);

/** The instance's history: who did what, when, on which node, with which comment. */
export const processEvents = sqliteTable(
  'process_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    instanceId: integer('instance_id').notNull(),
    event: text('event', { enum: PROCESS_EVENTS }).notNull(),
    nodeIndex: integer('node_index'),
    by: integer('by_user'),
    /** The person a transfer went to, or the one a CC told. */
    to: integer('to_user'),
    comment: text('comment').notNull().default(''),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('process_events_instance').on(t.instanceId)],
);
