import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * What the work order pages need to know of a technician (a user of role 7) beyond the account: the region
 * they cover and their skills, kept by the administrators of their organisation.
 */
export const technicianProfiles = sqliteTable('technician_profiles', {
  userId: integer('user_id').primaryKey(),
  region: text('region').notNull().default(''),
  skills: text('skills', { mode: 'json' }).$type<string[]>().notNull().default([]),
  updatedBy: integer('updated_by'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
