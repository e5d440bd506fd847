import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { INVOICE_TYPES } from '@console/contract/codes/accounts';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** The operator, rental companies (lessors) under it, their customers, distributors and sub-lessors. */
export const organisations = sqliteTable(
  'organisations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /**
     * Its names in the languages it keeps (decision 064): a document in Chinese or English names it by the one of
     * its language, '' when it keeps none in that language (then `name`, the name it is registered under).
     */
    nameZh: text('name_zh').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    kind: text('kind', { enum: ['operator', 'lessor', 'customer', 'distributor', 'sublessor'] }).notNull(),
    parentId: integer('parent_id'),
    /**
     * A customer's owning distributor (a distributor organisation, under the operator): the distributor reads the
     * customer (docs/decisions/043-people.md). Null for every other kind and for a customer without one.
     */
    distributorOrgId: integer('distributor_org_id'),
    /** Non-zero for lessors that run the leasing business (revenue analysis shortcut). */
    leaseType: integer('lease_type').notNull().default(0),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Unified social credit code, for enterprise verification. */
    creditCode: text('credit_code').notNull().default(''),
    legalPerson: text('legal_person').notNull().default(''),
    licenseImage: text('license_image').notNull().default(''),
    verifyStatus: text('verify_status', { enum: ['none', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('none'),
    invoiceTitle: text('invoice_title').notNull().default(''),
    taxNumber: text('tax_number').notNull().default(''),
    invoiceBank: text('invoice_bank').notNull().default(''),
    invoiceAccount: text('invoice_account').notNull().default(''),
    invoiceAddress: text('invoice_address').notNull().default(''),
    invoicePhone: text('invoice_phone').notNull().default(''),
    invoiceType: text('invoice_type', { enum: INVOICE_TYPES }).notNull().default('ordinary'),
    taxRate: real('tax_rate').notNull().default(0.13),
    /** Rental business permissions: once on they cannot be switched off (spec section 4). */
    rentalDomestic: integer('rental_domestic', { mode: 'boolean' }).notNull().default(false),
    rentalForeign: integer('rental_foreign', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('organisations_parent').on(t.parentId), index('organisations_distributor').on(t.distributorOrgId)],
);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    mobile: text('mobile').notNull(),
    areaCode: text('area_code').notNull().default('86'),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    name: text('name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    email: text('email').notNull().default(''),
    roleId: integer('role_id').notNull(),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    /** Identity document type: 1 person, 2 company (selects the labels of the verification form). */
    idType: integer('id_type').notNull().default(1),
    idNumber: text('id_number').notNull().default(''),
    realNameVerified: integer('real_name_verified', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_phone').on(t.areaCode, t.mobile), index('users_org').on(t.orgId)],
);

/** Server-side sessions. Only a hash of the token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['console', 'dashboard'] }).notNull(),
    ip: text('ip').notNull().default(''),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Issued SMS verification codes: valid for 5 minutes, for one purpose, usable once. */
export const smsCodes = sqliteTable(
  'sms_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    mobile: text('mobile').notNull(),
    areaCode: text('area_code').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull().default(''),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    failedTries: integer('failed_tries').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone').on(t.areaCode, t.mobile, t.purpose)],
);

/** The development SMS outbox (never written in production, where a real gateway would send). */
export const smsOutbox = sqliteTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    mobile: text('mobile').notNull(),
    areaCode: text('area_code').notNull(),
    text: text('text').notNull(),
    code: text('code').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_mobile').on(t.mobile)],
);

/** Every sign-in attempt, for the 3-in-15-minutes code rule and the 100-per-hour ceiling. */
export const loginAttempts = sqliteTable(
  'login_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    success: integer('success', { mode: 'boolean' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_account').on(t.account, t.createdAt)],
);

/** Client addresses an account has signed in from; a new one needs a verification code. */
export const knownAddresses = sqliteTable(
  'known_addresses',
  {
    userId: integer('user_id').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('known_addresses_user_ip').on(t.userId, t.ip)],
);

export const qrLogins = sqliteTable('qr_logins', {
  uuid: text('uuid').primaryKey(),
  appid: text('appid').notNull().default(''),
  state: text('state', { enum: ['waiting', 'scanned', 'confirmed', 'consumed'] })
    .notNull()
    .default('waiting'),
  userId: integer('user_id'),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  createdAt: createdAt(),
});

export const dropRequests = sqliteTable('drop_requests', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id').notNull(),
  reason: text('reason').notNull().default(''),
  status: text('status', { enum: ['pending', 'done', 'rejected'] })
    .notNull()
    .default('pending'),
  /** The operator's decision (docs/decisions/065-operator-onboarding.md): who, when, and why it was refused. */
  decidedBy: integer('decided_by'),
  decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  refusal: text('refusal').notNull().default(''),
  /** Whether the text message telling the requester the outcome left. */
  notified: integer('notified', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Uploaded files, stored under random names beside the database (data/uploads/). Each belongs to the
 * organisation of its uploader; a public one (an avatar) may be read by anyone holding its link.
 */
export const uploads = sqliteTable(
  'uploads',
  {
    name: text('name').primaryKey(),
    orgId: integer('org_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['image', 'photo', 'pdf'] }).notNull(),
    type: text('type', { enum: ['jpg', 'png', 'pdf'] }).notNull(),
    size: integer('size').notNull(),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_org').on(t.orgId)],
);

/** Short-lived proofs between the steps of a security change (the old number checked, before the new one). */
export const accountTickets = sqliteTable('account_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull(),
  purpose: text('purpose', { enum: ['changePhone'] }).notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
});
