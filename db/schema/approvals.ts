import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { APPROVAL_STATES, BIND_KINDS, VERIFICATION_KINDS } from '@console/contract/codes/approvals';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * Binding requests (docs/decisions/047-bindings-and-verification.md): a person asks to join an organisation, or a
 * customer asks to bind a machine (by serial) to itself. `orgId` is the organisation that decides: the one to join,
 * or the machine's owner; the requester's organisation is `requesterOrgId`.
 */
export const bindRequests = sqliteTable(
  'bind_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: BIND_KINDS }).notNull(),
    orgId: integer('org_id').notNull(),
    requesterId: integer('requester_id').notNull(),
    requesterOrgId: integer('requester_org_id').notNull(),
    /** A machine binding's machine, and its serial as asked (kept if the machine is renamed). */
    deviceId: integer('device_id'),
    serialNumber: text('serial_number').notNull().default(''),
    note: text('note').notNull().default(''),
    state: text('state', { enum: APPROVAL_STATES }).notNull().default('pending'),
    /** The role given on joining. */
    roleId: integer('role_id'),
    reason: text('reason').notNull().default(''),
    decidedBy: integer('decided_by'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('bind_requests_org').on(t.orgId, t.state), index('bind_requests_requester').on(t.requesterId)],
);

/**
 * Verifications submitted for the operator's review: real-name (a person's name and ID number, or a company's name
 * and credit code, by identity type 1 or 2) and enterprise (a rental company's credit code, legal person and
 * licence). Each keeps what was submitted; `orgId` is the subject's organisation, `userId` the person (real-name).
 */
export const verifications = sqliteTable(
  'verifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: VERIFICATION_KINDS }).notNull(),
    orgId: integer('org_id').notNull(),
    userId: integer('user_id'),
    idType: integer('id_type').notNull().default(1),
    name: text('name').notNull(),
    idNumber: text('id_number').notNull().default(''),
    creditCode: text('credit_code').notNull().default(''),
    legalPerson: text('legal_person').notNull().default(''),
    licenseImage: text('license_image').notNull().default(''),
    state: text('state', { enum: APPROVAL_STATES }).notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    submittedBy: integer('submitted_by').notNull(),
    decidedBy: integer('decided_by'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('verifications_org').on(t.orgId, t.state), index('verifications_user').on(t.userId)],
);
