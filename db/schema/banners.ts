import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The banners of a brand's app (docs/decisions/052-banners.md): shown from one day to another, in order. */
export const banners = sqliteTable(
  'banners',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    /** The brand whose app shows it. */
    appid: text('appid').notNull(),
    title: text('title').notNull(),
    /** Where the app shows it (decision 052, addendum): each place has its picture size. */
    category: text('category', { enum: ['home', 'shop', 'splash'] })
      .notNull()
      .default('home'),
    image: text('image').notNull(),
    /** What a tap does: open the H5 page `link` (https) or run the app's action `link` (a page of the app, `/...`). */
    mode: text('mode', { enum: ['h5', 'app'] })
      .notNull()
      .default('app'),
    link: text('link').notNull().default(''),
    sortOrder: integer('sort_order').notNull(),
    /** Calendar days (`YYYY-MM-DD`), both shown. */
    shownFrom: text('shown_from').notNull(),
    shownTo: text('shown_to').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    updatedBy: integer('updated_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('banners_app_order').on(t.appid, t.sortOrder)],
);
