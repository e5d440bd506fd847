import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * Every view of a person's unmasked real-name data (decision 043): who looked, at whose, when. Names and identity
 * numbers are answered masked; the roles that need the whole of them ask for it, and each such answer is kept here.
 */
export const identityViews = sqliteTable(
  'identity_views',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The person who looked (users.id). */
    viewerId: integer('viewer_id').notNull(),
    /** The person whose data was shown (users.id). */
    subjectId: integer('subject_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('identity_views_subject').on(t.subjectId)],
);

/**
 * An invitation to join an organisation as an employee, sent by text message (decision 048). Only a hash of its
 * code is kept; `expired` is not stored (a pending row past `expires_at` is expired, contract/codes/invitations.ts).
 */
export const invitations = sqliteTable(
  'invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    mobile: text('mobile').notNull(),
    areaCode: text('area_code').notNull().default('86'),
    name: text('name').notNull(),
    roleId: integer('role_id').notNull(),
    codeHash: text('code_hash').notNull(),
    state: text('state', { enum: ['pending', 'accepted', 'revoked'] })
      .notNull()
      .default('pending'),
    invitedBy: integer('invited_by').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** The account that accepted it (an existing one or one made by the acceptance). */
    userId: integer('user_id'),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_code').on(t.codeHash), index('invitations_org').on(t.orgId, t.state)],
);

/**
 * A person unbound from an organisation (decision 048): they keep their account, the organisation keeps this
 * record of who left, who unbound them and what became of their open work.
 */
export const unbindings = sqliteTable(
  'unbindings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    userId: integer('user_id').notNull(),
    /** Name, number and role as they were in the organisation. */
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    areaCode: text('area_code').notNull(),
    roleId: integer('role_id').notNull(),
    unboundBy: integer('unbound_by').notNull(),
    /** How many of each kind of open work was released (UNBIND_OUTCOME). */
    released: text('released', { mode: 'json' }).$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('unbindings_org').on(t.orgId)],
);
