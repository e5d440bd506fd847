import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** The releases of a brand's app per platform (docs/decisions/053-app-releases.md). */
export const appReleases = sqliteTable(
  'app_releases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    appid: text('appid').notNull(),
    platform: text('platform', { enum: ['android', 'ios'] }).notNull(),
    version: text('version').notNull(),
    notes: text('notes').notNull(),
    downloadUrl: text('download_url').notNull(),
    mandatory: integer('mandatory', { mode: 'boolean' }).notNull().default(false),
    publishedBy: integer('published_by'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  // One release of a version per app and platform: two editors publishing it at once, one wins.
  (t) => [uniqueIndex('app_releases_version').on(t.appid, t.platform, t.version)],
);

/**
 * The app's own settings per brand (decision 053, addendum): what the app shows on its "about" and "help" pages and
 * links from its sign-up, read by the app without a session. One row per brand.
 */
export const appSettings = sqliteTable('app_settings', {
  appid: text('appid').primaryKey(),
  orgId: integer('org_id').notNull(),
  servicePhone: text('service_phone').notNull(),
  serviceHours: text('service_hours').notNull().default(''),
  serviceEmail: text('service_email').notNull().default(''),
  agreementUrl: text('agreement_url').notNull(),
  privacyUrl: text('privacy_url').notNull(),
  about: text('about').notNull().default(''),
  updatedBy: integer('updated_by'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
