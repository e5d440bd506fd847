import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LEASE_EVENTS } from '@console/contract/codes/lease-flow';
import { CHANGE_OPS, CONTRACT_KINDS } from '@console/contract/codes/contract-change';

/**
 * Lease contracts and what they stand on (docs/decisions/029-lease-contracts.md): renters, stores, contracts with
 * their lines and timeline, automatic approval rules, and the contract files. E-signature is in lease-esign.ts.
 * Money is integer cents; calendar days are `YYYY-MM-DD` text (decision 026).
 */

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const IDENTITY_TYPES = [1, 2] as const;
export const REAL_NAME_STATES = ['none', 'pending', 'verified', 'rejected'] as const;

/**
 * A renter IS a customer organisation under its lessor (organisations.kind 'customer', parentId the lessor): one
 * model shared with the people-and-organisations area. This row holds what leasing adds to it: whether the renter
 * is a person (1) or a company (2), its identity number and its real-name state.
 */
export const renters = sqliteTable(
  'renters',
  {
    orgId: integer('org_id').primaryKey(),
    lessorOrgId: integer('lessor_org_id').notNull(),
    /** 1 person (ID card), 2 company (unified social credit code): the labels differ (spec section 3). */
    identityType: integer('identity_type').notNull(),
    idNumber: text('id_number').notNull().default(''),
    realNameState: text('real_name_state', { enum: REAL_NAME_STATES }).notNull().default('none'),
    /** What the renter owes past due, kept by the finance area; automatic approval reads it. */
    arrearsCents: integer('arrears_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('renters_lessor').on(t.lessorOrgId)],
);

/** The lessor's depots: its machines and contracts belong to one. */
export const stores = sqliteTable(
  'stores',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    address: text('address').notNull().default(''),
    /** WGS-84, as every position (docs/decisions/009-maps.md). */
    lat: real('lat'),
    lng: real('lng'),
    managerId: integer('manager_id'),
    areaCode: text('area_code').notNull().default('86'),
    phone: text('phone').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stores_org_name').on(t.orgId, t.name)],
);

/** Which store a machine belongs to (a machine without a row belongs to none yet). */
export const storeDevices = sqliteTable(
  'store_devices',
  {
    deviceId: integer('device_id').primaryKey(),
    storeId: integer('store_id').notNull(),
  },
  (t) => [index('store_devices_store').on(t.storeId)],
);

export const contracts = sqliteTable(
  'contracts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** e.g. HT-20261125-0003 (a change BG-/CC-): unique within its lessor (generated on creation). */
    number: text('number').notNull(),
    /**
     * A contract, or a change to a contract in execution (decision 041): a change is a row here so it takes the
     * contract's own state machine, automatic approval, e-signature and timeline. Its `startOn` is the day it takes
     * effect, its `endOn` the contract's planned end after it; `changeOf` names the contract it changes.
     */
    kind: text('kind', { enum: CONTRACT_KINDS }).notNull().default('contract'),
    changeOf: integer('change_of'),
    /** A change that moves the contract's planned end to its `endOn` (otherwise `endOn` is the end it found). */
    movesEnd: integer('moves_end', { mode: 'boolean' }).notNull().default(false),
    lessorOrgId: integer('lessor_org_id').notNull(),
    renterOrgId: integer('renter_org_id').notNull(),
    storeId: integer('store_id').notNull(),
    salespersonId: integer('salesperson_id'),
    createdBy: integer('created_by').notNull(),
    /** LEASE_STATUS: 0 draft, then CONTRACT_STATUS 1-9 (contract/codes/lease-flow.ts). */
    status: integer('status').notNull().default(0),
    startOn: text('start_on').notNull(),
    endOn: text('end_on').notNull(),
    siteProvince: text('site_province').notNull().default(''),
    siteCity: text('site_city').notNull().default(''),
    siteDistrict: text('site_district').notNull().default(''),
    siteAddress: text('site_address').notNull().default(''),
    depositCents: integer('deposit_cents').notNull().default(0),
    /** Day of the month bills are made (1-28), and days from a bill to its due day. */
    billingDay: integer('billing_day').notNull().default(1),
    dueDays: integer('due_days').notNull().default(15),
    remark: text('remark').notNull().default(''),
    /** The lines' planned amount over the planned period (lease-pricing.ts), kept on every save. */
    totalCents: integer('total_cents').notNull().default(0),
    /** The language the contract's document is written in. */
    lang: text('lang', { enum: ['zh', 'en'] })
      .notNull()
      .default('zh'),
    templateId: integer('template_id'),
    /** The automatic approval rule that approved it, if one did. */
    approvalRuleId: integer('approval_rule_id'),
    /** The day a contract in execution was closed or terminated. */
    endedOn: text('ended_on'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('contracts_lessor_number').on(t.lessorOrgId, t.number),
    index('contracts_lessor_status').on(t.lessorOrgId, t.status),
    index('contracts_renter').on(t.renterOrgId),
    index('contracts_store').on(t.storeId),
    index('contracts_salesperson').on(t.salespersonId),
    index('contracts_start').on(t.startOn),
    index('contracts_change_of').on(t.changeOf),
  ],
);

/** A machine from stock, or a model and a count to be assigned when the machines leave the depot. */
export const contractLines = sqliteTable(
  'contract_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contractId: integer('contract_id').notNull(),
    deviceId: integer('device_id'),
    modelId: integer('model_id'),
    count: integer('count').notNull().default(1),
    /** BUSINESS_MODEL code 22/23/24/25/27. */
    businessModel: integer('business_model').notNull(),
    dayCents: integer('day_cents'),
    monthCents: integer('month_cents'),
    amountCents: integer('amount_cents').notNull().default(0),
    /**
     * Working hours included, in tenths of an hour: per billed day for the day models (22, 23, 27), per month for
     * the month models (24, 25); the hours measured above it are billed at `overtimeCents` an hour (decision 070).
     * Both or neither.
     */
    allowanceTenths: integer('allowance_tenths'),
    overtimeCents: integer('overtime_cents'),
    /**
     * On a change's line: what it does (add a machine or a model and count, remove a line, reprice a line) and the
     * contract's line it removes or reprices (decision 041). Null on a contract's own lines.
     */
    changeOp: text('change_op', { enum: CHANGE_OPS }),
    targetLineId: integer('target_line_id'),
    /** On a contract's line: the days it applies (null: the contract's own); a change in force sets them. */
    fromOn: text('from_on'),
    untilOn: text('until_on'),
  },
  (t) => [index('contract_lines_contract').on(t.contractId), index('contract_lines_device').on(t.deviceId)],
);

/** The timeline: one row per thing done to a contract, never changed. */
export const contractEvents = sqliteTable(
  'contract_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contractId: integer('contract_id').notNull(),
    action: text('action', { enum: LEASE_EVENTS }).notNull(),
    /** A console user; null when the server (automatic approval) or the provider (a callback) acted. */
    userId: integer('user_id'),
    actor: text('actor', { enum: ['user', 'system', 'provider'] })
      .notNull()
      .default('user'),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status'),
    reason: text('reason').notNull().default(''),
    day: text('day'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('contract_events_contract').on(t.contractId, t.at)],
);

/**
 * A company's automatic approval rules, tried in `position` order on submit: the first enabled rule whose every
 * condition holds approves. A condition left empty (null, false, []) does not restrict.
 */
export const approvalRules = sqliteTable(
  'approval_rules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    position: integer('position').notNull().default(0),
    requireVerifiedRenter: integer('require_verified_renter', { mode: 'boolean' }).notNull().default(false),
    requireNoArrears: integer('require_no_arrears', { mode: 'boolean' }).notNull().default(false),
    maxTotalCents: integer('max_total_cents'),
    maxDays: integer('max_days'),
    /** BUSINESS_MODEL codes every line must use; [] allows all. */
    allowedModels: text('allowed_models', { mode: 'json' }).$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('approval_rules_org').on(t.orgId, t.position)],
);

/** A contract's files: its one original (pdf) and up to ten attachments (pdf), each an upload of the lessor. */
export const contractFiles = sqliteTable(
  'contract_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contractId: integer('contract_id').notNull(),
    uploadName: text('upload_name').notNull(),
    kind: text('kind', { enum: ['original', 'attachment'] }).notNull(),
    fileName: text('file_name').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contract_files_contract').on(t.contractId),
    uniqueIndex('contract_files_upload').on(t.uploadName),
    // One original per contract, also when two uploads race.
    uniqueIndex('contract_files_original')
      .on(t.contractId)
      .where(sql`kind = 'original'`),
  ],
);

/**
 * What a contract link opens: `public` the shared /contract/export page and its PDF (dead once the contract has
 * ended, revocable by the lessor's managers), `download` the PDF only, for the reader who asked, for ten minutes.
 */
export const CONTRACT_LINK_KINDS = ['public', 'download'] as const;

/** Unguessable, expiring links to a contract's document (/contract/export): only a hash of the token is kept. */
export const contractLinks = sqliteTable(
  'contract_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    contractId: integer('contract_id').notNull(),
    kind: text('kind', { enum: CONTRACT_LINK_KINDS }).notNull().default('public'),
    createdBy: integer('created_by').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Revoked by a manager of the lessor (decision 033, addendum): the token opens nothing from then on. */
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    revokedBy: integer('revoked_by'),
    createdAt: createdAt(),
  },
  (t) => [index('contract_links_contract').on(t.contractId)],
);
