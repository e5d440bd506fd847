import type { Db } from '@console/db/client';

/**
 * A query built and prepared once per connection, for the reads nearly every request makes (the session, the
 * scope): drizzle builds a query's SQL anew on every call, which for these cost more than running them.
 */
export function perConnection<T>(build: (db: Db) => T): (db: Db) => T {
  const kept = new WeakMap<Db, T>();
  return (db) => {
    let query = kept.get(db);
    if (query === undefined) kept.set(db, (query = build(db)));
    return query;
  };
}
