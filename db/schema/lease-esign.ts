import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { TemplateField } from '@console/contract/lease/template';

/**
 * E-signature (docs/decisions/030-e-signature-provider.md): contract templates, the lessor's seals and their grants
 * to employees, each party's standing at the provider, and the signing flows with the callbacks they received.
 */

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * A contract template: a PDF (an upload of the lessor; null draws the built-in A4 layout) and the named fields
 * placed on it, the two signatures and the seal included (contract/lease/template.ts).
 */
export const esignTemplates = sqliteTable(
  'esign_templates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    lang: text('lang', { enum: ['zh', 'en'] })
      .notNull()
      .default('zh'),
    baseUpload: text('base_upload'),
    fields: text('fields', { mode: 'json' }).$type<TemplateField[]>().notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('esign_templates_org').on(t.orgId)],
);

export const SEAL_KINDS = ['official', 'contract'] as const;

/** A company seal registered at the provider (drawn as a round red seal with the company's name). */
export const seals = sqliteTable(
  'seals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: SEAL_KINDS }).notNull().default('contract'),
    /** The text around the seal: the company's registered name. */
    sealText: text('seal_text').notNull(),
    providerSealId: text('provider_seal_id').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('seals_org').on(t.orgId)],
);

/** A seal granted to an employee, who then signs for the company with it (the grant needs their verification). */
export const sealGrants = sqliteTable(
  'seal_grants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sealId: integer('seal_id').notNull(),
    userId: integer('user_id').notNull(),
    grantedBy: integer('granted_by').notNull(),
    state: text('state', { enum: ['active', 'revoked'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seal_grants_seal_user').on(t.sealId, t.userId)],
);

export const PROVIDER_STATES = ['none', 'pending', 'verified', 'expired'] as const;

/**
 * A party's standing at the provider: a lessor's authorisation (org), an employee's e-signature verification
 * (user). The state is what the provider last answered; "refresh" asks it again.
 */
export const esignAccounts = sqliteTable(
  'esign_accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['org', 'user'] }).notNull(),
    /** organisations.id or users.id, by kind. */
    ownerId: integer('owner_id').notNull(),
    providerAccountId: text('provider_account_id').notNull().default(''),
    state: text('state', { enum: PROVIDER_STATES }).notNull().default('none'),
    /** The day an authorisation runs out (orgs). */
    expiresOn: text('expires_on'),
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('esign_accounts_owner').on(t.kind, t.ownerId)],
);

export const SIGNING_STATES = [
  'lesseePending',
  'lessorPending',
  'completed',
  'refused',
  'failed',
  'cancelled',
] as const;
export type SigningState = (typeof SIGNING_STATES)[number];

/** One signing flow at the provider for a contract (a new one after a refused, failed or cancelled one). */
export const signingFlows = sqliteTable(
  'signing_flows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contractId: integer('contract_id').notNull(),
    providerFlowId: text('provider_flow_id').notNull(),
    state: text('state', { enum: SIGNING_STATES }).notNull().default('lesseePending'),
    lesseeUrl: text('lessee_url').notNull().default(''),
    lessorUrl: text('lessor_url').notNull().default(''),
    lesseeSigner: text('lessee_signer').notNull().default(''),
    lesseeSignedAt: integer('lessee_signed_at', { mode: 'timestamp_ms' }),
    lessorSigner: text('lessor_signer').notNull().default(''),
    lessorSignedAt: integer('lessor_signed_at', { mode: 'timestamp_ms' }),
    sealId: integer('seal_id'),
    startedBy: integer('started_by').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('signing_flows_provider').on(t.providerFlowId), index('signing_flows_contract').on(t.contractId)],
);

/** Every verified callback by its event id: a repeated one is recognised and changes nothing. */
export const signingCallbacks = sqliteTable(
  'signing_callbacks',
  {
    eventId: text('event_id').primaryKey(),
    flowId: integer('flow_id').notNull(),
    type: text('type').notNull(),
    outcome: text('outcome', { enum: ['applied', 'ignored'] }).notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('signing_callbacks_flow').on(t.flowId)],
);
