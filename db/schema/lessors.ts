import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * What the operator set when it onboarded a rental company (docs/decisions/065-operator-onboarding.md): the brand
 * whose console and app the company works under. One row per lessor organisation; the organisation's other
 * settings live where their areas read them (lease type and rental permissions on the organisation, its billing
 * time zone in `billing_zones`).
 */
export const lessorProfiles = sqliteTable('lessor_profiles', {
  orgId: integer('org_id').primaryKey(),
  /** The brand pack's app id. */
  appid: text('appid').notNull(),
  createdBy: integer('created_by'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
