import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';

/**
 * The expert library: fault cases written by an organisation. The operator's cases are a catalog every reader
 * sees; a rental company's are its own (docs/decisions/019-maintenance-records.md).
 */
export const faultCases = sqliteTable(
  'fault_cases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    machineKind: text('machine_kind', { enum: MACHINE_KINDS }).notNull(),
    /** FAULT_TYPE values, a JSON array (filtered with json_each). */
    faultTypes: text('fault_types', { mode: 'json' }).$type<string[]>().notNull(),
    title: text('title').notNull(),
    symptom: text('symptom').notNull(),
    cause: text('cause').notNull(),
    solution: text('solution').notNull(),
    parts: text('parts').notNull().default(''),
    /**
     * The language it is written in (decision 064): the operator's shared cases are read in the reader's language,
     * so an English console shows no Chinese case.
     */
    lang: text('lang', { enum: ['zh', 'en'] })
      .notNull()
      .default('zh'),
    authorId: integer('author_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('fault_cases_org_kind').on(t.orgId, t.machineKind), index('fault_cases_updated').on(t.updatedAt)],
);
