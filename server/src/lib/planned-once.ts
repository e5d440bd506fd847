import { createHash } from 'node:crypto';
import type { Db } from '@console/db/client';
import { engineOf } from '@console/db/dialect';

/**
 * How many statement texts a database handle names at most. PostgreSQL keeps a named statement (its parse tree and
 * plan) on each connection that ran it until the connection closes. A scope binds its organisations as one array
 * (the dialect's `inIds`), so a read's text is one per shape whatever the scope; the bound keeps the memory bounded
 * should a read's text ever carry values. A text past it runs unnamed, as every other statement does.
 */
export const PLANNED_ONCE_TEXTS = 256;

const namedOn = new WeakMap<Db, Set<string>>();

/** A read as the SQLite builders type it; on PostgreSQL `prepare` takes the statement's name. */
interface Preparable<P> {
  prepare(): P;
  toSQL(): { sql: string };
}

/**
 * `query.prepare()`, named after its text on PostgreSQL, so that each pooled connection parses and plans it once and
 * may keep a generic plan, where an unnamed statement is parsed and planned at every run (docs/decisions/067, "the
 * requests' own statements planned once"). On SQLite, whose statements are prepared once anyway, it is `prepare()`.
 *
 * Only for reads run on every request whose answer cannot depend on the plan: one row, a count, rows in a total order
 * (the sort and a unique tie-breaker), or rows the caller keys by id. Another plan may read rows in another order, so a
 * read that joins or sums rows in the order they come stays unnamed.
 */
export function preparePlannedOnce<P>(db: Db, query: Preparable<P>): P {
  if (engineOf(db) !== 'postgres') return query.prepare();
  let named = namedOn.get(db);
  if (!named) namedOn.set(db, (named = new Set()));
  const name = `once_${createHash('sha256').update(query.toSQL().sql).digest('base64url').slice(0, 32)}`;
  if (!named.has(name)) {
    if (named.size >= PLANNED_ONCE_TEXTS) return query.prepare();
    named.add(name);
  }
  return (query.prepare as (name: string) => P).call(query, name);
}
