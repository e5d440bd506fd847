import { eq, sql } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import type { Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import type { ScopedData } from './data.ts';
import { idList, oneOf } from './binding.ts';
import { perConnection } from './per-connection.ts';
import { nameIn, ORG_NAMES } from './org-brand.ts';

/**
 * Organisations by id, for what refers to them. Who sees what is decided by ScopedData (lib/data.ts,
 * docs/decisions/028-data-scope.md); these read organisations a record already in scope names.
 */

/** The names of organisations by id, prepared once (every list shows some). */
const namesOf = perConnection((db) =>
  db
    .select({ id: organisations.id, ...ORG_NAMES })
    .from(organisations)
    .where(oneOf(dialectOf(db), organisations.id, sql.placeholder('ids')))
    .prepare(),
);

/**
 * The names of these organisations, by id (a record's owner, customer or distributor as a list shows it), in the
 * reader's language (nameIn, decision 064).
 */
export async function orgNames(data: ScopedData, orgIds: readonly (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(orgIds)].filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await namesOf(data.unscoped('referencedNames')).all({ ids: idList(ids) });
  return new Map(rows.map((o) => [o.id, nameIn(o, data.lang)]));
}

/** The signed-in person's own organisation (sign-in answers with it). */
export function orgById(db: Db, id: number) {
  return db.select().from(organisations).where(eq(organisations.id, id)).get();
}
