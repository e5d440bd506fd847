import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable } from 'drizzle-orm/sqlite-core';

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
