import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';

// openDb keeps the statements drizzle prepares (db/client.ts); a kept statement must answer as a fresh one would.
describe('the statements a connection keeps', () => {
  it('answers objects to a query that reuses the SQL of one drizzle read as arrays', async () => {
    const { db, close } = openDb(':memory:');
    await db.insert(organisations).values({ name: 'Lessor', kind: 'lessor' }).run();
    const select = db.select({ id: organisations.id, name: organisations.name }).from(organisations);
    expect(await select.all()).toEqual([{ id: 1, name: 'Lessor' }]);
    expect(await db.all(sql.raw(select.toSQL().sql))).toEqual([{ id: 1, name: 'Lessor' }]);
    expect(await select.all()).toEqual([{ id: 1, name: 'Lessor' }]);
    close();
  });

  it('gives a statement still being iterated to no one else', async () => {
    const { db, sqliteDb, close } = openDb(':memory:');
    await db
      .insert(organisations)
      .values([
        { name: 'North', kind: 'lessor' },
        { name: 'South', kind: 'lessor' },
      ])
      .run();
    // The connection drizzle was given (openDb's keeping one), which the Db type does not name.
    const client = (sqliteDb as unknown as { $client: Database.Database }).$client;
    const names: string[] = [];
    for (const row of client.prepare('select name from organisations order by id').iterate()) {
      // The same SQL again while the first is on its first row: a second statement, not the busy one.
      const all = client.prepare('select name from organisations order by id').all() as { name: string }[];
      names.push(`${(row as { name: string }).name}:${all.length}`);
    }
    expect(names).toEqual(['North:2', 'South:2']);
    close();
  });
});
