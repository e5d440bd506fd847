import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Keys an outside system reads an organisation's fleet with, through the ISO 15143-3 (AEMP 2.0) API
 * (docs/decisions/068-iso-15143-3-api.md). The secret is shown once when the key is made; only its SHA-256 is kept.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The organisation whose machines the key reads (a rental company, or the operator). */
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    /** The first characters of the secret, shown in the list so a holder can tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** Which machines: all the organisation sees, one customer's, or a list. */
    scope: text('scope', { enum: ['all', 'customer', 'machines'] })
      .notNull()
      .default('all'),
    customerOrgId: integer('customer_org_id'),
    /** The machines of a `machines` key, as a JSON list of device ids. */
    deviceIds: text('device_ids', { mode: 'json' }).$type<number[]>().notNull().default([]),
    /** The last day the key works (`YYYY-MM-DD`, the organisation's day), and the instant that day ends. */
    expiresOn: text('expires_on').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Requests a minute the key may make; more are answered 429 with Retry-After. */
    ratePerMinute: integer('rate_per_minute').notNull().default(60),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    requestCount: integer('request_count').notNull().default(0),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    revokedBy: integer('revoked_by'),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('api_keys_secret').on(t.secretHash), index('api_keys_org').on(t.orgId)],
);
