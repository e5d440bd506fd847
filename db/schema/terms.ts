import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { TERMS_LANGS, TERMS_STATES } from '@console/contract/http/terms';

/**
 * A lessor's contract terms and conditions (docs/decisions/078-contract-terms.md): one row per version and language.
 * A draft is edited in place and has no number; publishing gives it the next number of its lessor and language and
 * makes it read-only for good (the server never updates a published row). A new version is a new row.
 */
export const termsVersions = sqliteTable(
  'terms_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    lang: text('lang', { enum: TERMS_LANGS }).notNull(),
    /** 1, 2, ... per lessor and language, given when published; null while a draft. */
    version: integer('version'),
    state: text('state', { enum: TERMS_STATES }).notNull().default('draft'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    publishedBy: integer('published_by'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('terms_versions_number').on(t.orgId, t.lang, t.version),
    index('terms_versions_org').on(t.orgId, t.lang, t.state),
  ],
);

/**
 * The terms version a contract carries: fixed when the contract is sent for signature (the document the parties sign
 * is made with it), taken again only by a new signing flow after one was called off. One row per contract.
 */
export const contractTerms = sqliteTable(
  'contract_terms',
  {
    contractId: integer('contract_id').primaryKey(),
    versionId: integer('version_id').notNull(),
    fixedAt: integer('fixed_at', { mode: 'timestamp_ms' }).notNull(),
    /** Who sent it for signature (null: fixed by the server, as the seed does). */
    fixedBy: integer('fixed_by'),
  },
  (t) => [index('contract_terms_version').on(t.versionId)],
);
