import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

export const MIGRATIONS = resolve(import.meta.dirname, '../../../db/migrations');

/** The first millisecond of a day in a zone `offsetHours` east of UTC. */
export const dayStart = (day: string, offsetHours: number) => Date.parse(`${day}T00:00:00Z`) - offsetHours * 3600_000;

/** The last millisecond of a day in a zone `offsetHours` east of UTC. */
export const dayEnd = (day: string, offsetHours: number) => dayStart(day, offsetHours) + 24 * 3600_000 - 1;

/** A database migrated up to (and including) the migration named `tag`, from a copy of the migrations in `dir`. */
export function migratedUpTo(tag: string, into: Database.Database, dir: string) {
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
  migrate(drizzle(into), { migrationsFolder: dir });
}

/**
 * A database migrated up to the migration before the one named `name` (its tag without the number, which a merge may
 * change): the state a server of the previous version left.
 */
export function migratedBefore(name: string, into: Database.Database, dir: string) {
  const tags = (
    JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries.map((e) => e.tag);
  const at = tags.findIndex((tag) => tag.replace(/^\d+_/, '') === name);
  if (at < 1) throw new Error(`no migration before ${name}`);
  migratedUpTo(tags[at - 1]!, into, dir);
}

/** The rest of the migrations, as the server runs them at start. */
export function migrateAll(into: Database.Database) {
  migrate(drizzle(into), { migrationsFolder: MIGRATIONS });
}
