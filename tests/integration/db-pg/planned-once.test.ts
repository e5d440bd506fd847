/**
 * Reads planned once per connection on PostgreSQL (server/src/lib/planned-once.ts, docs/decisions/067): a read every
 * request runs is a named statement, parsed and planned once on each connection that runs it, answering what it
 * answered unnamed; any other read stays unnamed, and the names a database handle gives are bounded.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openDb, type AnyDbHandle, type Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { PLANNED_ONCE_TEXTS, preparePlannedOnce } from '@console/server/src/lib/planned-once';
import { ScopedData } from '@console/server/src/lib/data';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const byKind = (db: Db) =>
  db
    .select({ name: organisations.name })
    .from(organisations)
    .where(sql`${organisations.kind} = ${sql.placeholder('kind')}`)
    .orderBy(organisations.id);

describe('reads planned once on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let handle: AnyDbHandle;
  let db: Db;
  const prepared = async () =>
    (await db.all<{ statement: string }>(sql`select statement from pg_prepared_statements`)).map((p) => p.statement);

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_planned_once');
    // One connection, so that the statements it keeps are the ones this test ran.
    handle = await openDatabase('', { url: scratch.url, max: 1 });
    db = handle.db;
    await db.insert(organisations).values([
      { name: 'Lessor', kind: 'lessor' },
      { name: 'Customer A', kind: 'customer' },
      { name: 'Customer B', kind: 'customer' },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it('parses a read once on the connection and answers as the same read unnamed', async () => {
    const unnamed = byKind(db).prepare();
    const named = preparePlannedOnce(db, byKind(db));
    expect(await prepared()).toEqual([]);
    const customers = await unnamed.all({ kind: 'customer' });
    expect(customers).toEqual([{ name: 'Customer A' }, { name: 'Customer B' }]);
    expect(await prepared()).toEqual([]);

    expect(await named.all({ kind: 'customer' })).toEqual(customers);
    expect(await named.all({ kind: 'lessor' })).toEqual([{ name: 'Lessor' }]);
    // The same text prepared again (another scope's read of the same shape) takes the same statement.
    expect(await preparePlannedOnce(db, byKind(db)).all({ kind: 'customer' })).toEqual(customers);
    const kept = await prepared();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^select "name" from "organisations" where "organisations"."kind" = \$1/);
  });

  it("names one text for a scoped read whatever the scope's size", async () => {
    const names = (await db.select({ id: organisations.id }).from(organisations).orderBy(organisations.id)).map(
      (o) => o.id,
    );
    const inScope = (orgIds: number[]) => {
      const data = new ScopedData(db, null, orgIds);
      return data
        .planOnce(
          data
            .select({ name: organisations.name })
            .from(organisations, data.orgScope(organisations.id, organisations.parentId))
            .orderBy(organisations.id),
        )
        .all();
    };
    const before = await prepared();
    expect(await inScope(names.slice(0, 1))).toEqual([{ name: 'Lessor' }]);
    expect(await inScope(names)).toEqual([{ name: 'Lessor' }, { name: 'Customer A' }, { name: 'Customer B' }]);
    expect(await inScope([])).toEqual([]);
    const added = (await prepared()).filter((statement) => !before.includes(statement));
    // One statement for the scope of one, of three and of none: each column's ids are one bound array.
    expect(added).toHaveLength(1);
    expect(added[0]).toContain(
      '"organisations"."id" = any($1::bigint[]) or "organisations"."parent_id" = any($2::bigint[])',
    );
  });

  it('names at most PLANNED_ONCE_TEXTS texts a database, and runs any text past them unnamed', async () => {
    const before = (await prepared()).length;
    // Each read a text of its own: one more id in its list each time.
    const reads = Array.from({ length: PLANNED_ONCE_TEXTS + 1 }, (_, n) =>
      db
        .select({ id: organisations.id })
        .from(organisations)
        .where(
          inArray(
            organisations.id,
            Array.from({ length: n + 1 }, (_, i) => i + 1),
          ),
        ),
    );
    for (const read of reads) await preparePlannedOnce(db, read).all();
    expect((await prepared()).length).toBe(PLANNED_ONCE_TEXTS);
    expect(before).toBe(2);
    // The last one, past the bound, answers all the same.
    expect(await preparePlannedOnce(db, reads.at(-1)!).all()).toHaveLength(3);
  });

  it('is the plain prepared read on SQLite', async () => {
    const sqlite = openDb(':memory:');
    try {
      await sqlite.db.insert(organisations).values({ name: 'Lessor', kind: 'lessor' });
      expect(await preparePlannedOnce(sqlite.db, byKind(sqlite.db)).all({ kind: 'lessor' })).toEqual([
        { name: 'Lessor' },
      ]);
    } finally {
      sqlite.close();
    }
  });
});
