/**
 * The demo seed on PostgreSQL (docs/decisions/067, step 3): the same seed with the same options and clock writes as
 * many rows into every table as on SQLite, and the identity columns continue after the ids it gave, so the product's
 * own inserts work after it.
 */
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openDb, type AnyDbHandle, type Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { seedDemo, type SeedOptions } from '@console/db/seed/demo';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const OPTIONS: SeedOptions = { devices: 60, historyDevices: 0, now: Date.UTC(2026, 10, 20, 6, 30) };

/** Every table of the schema (the SQLite database's, less drizzle's own). */
async function tables(db: Db): Promise<string[]> {
  const rows = await db.all<{ name: string }>(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != '__drizzle_migrations' order by name",
  );
  return rows.map((r) => r.name);
}

async function rowCounts(db: Db, names: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of names) {
    const row = await db.get<{ n: number }>(`select count(*) as n from "${name}"`);
    counts[name] = Number(row!.n);
  }
  return counts;
}

describe('the demo seed on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let pgHandle: AnyDbHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_seed');
    pgHandle = await openDatabase('', { url: scratch.url });
  });
  afterAll(async () => {
    await pgHandle?.close();
    await scratch?.drop();
  });

  it('writes as many rows into every table as on SQLite', { timeout: 600_000 }, async () => {
    const sqlite = openDb(':memory:');
    let onSqlite: Record<string, number>;
    try {
      await seedDemo(sqlite.db, OPTIONS);
      onSqlite = await rowCounts(sqlite.db, await tables(sqlite.db));
    } finally {
      sqlite.close();
    }
    expect(pgHandle.engine).toBe('postgres');
    await seedDemo(pgHandle.db, OPTIONS);
    const onPg = await rowCounts(pgHandle.db, Object.keys(onSqlite));
    expect(onPg).toEqual(onSqlite);
    expect(onSqlite.devices).toBe(60);
    expect(onSqlite.organisations).toBeGreaterThan(5);
  });

  it('continues the identity columns after the ids the seed gave', async () => {
    const before = await pgHandle.db
      .select({ top: max(organisations.id) })
      .from(organisations)
      .get();
    const made = await pgHandle.db
      .insert(organisations)
      .values({ name: 'After the seed', kind: 'customer' })
      .returning({ id: organisations.id })
      .get();
    expect(made.id).toBe(before!.top! + 1);
    expect(await pgHandle.db.select().from(organisations).where(eq(organisations.id, made.id)).get()).toMatchObject({
      name: 'After the seed',
    });
  });
});
