/**
 * PostgreSQL from the one schema: the committed migrations (db/migrations-pg) are what drizzle-kit generates from
 * db/schema today, they build the same tables as SQLite's migrations, and the query code over the sqlite tables
 * gives the same answers on both engines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@console/db/client';
import { migratePg, openPg, type PgHandle } from '@console/db/pg/connect';
import { pgTables, schemaModules } from '@console/db/pg/schema';
import { REPORT_AT, roundTrip, type AnyDb } from './round-trip.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const DB_DIR = join(import.meta.dirname, '..', '..', '..', 'db');
const MIGRATIONS_PG = join(DB_DIR, 'migrations-pg');

type Snapshot = Parameters<typeof generateMigration>[0];

/** The snapshot of the newest committed PostgreSQL migration: the schema as those migrations leave it. */
function lastSnapshot(): Snapshot {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_PG, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number }[];
  };
  const { idx } = journal.entries.at(-1)!;
  const file = join(MIGRATIONS_PG, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
}

/** Table -> sorted column names, of the SQLite database the project's migrations build. */
function sqliteColumns(): Record<string, string[]> {
  const { sqlite, close } = openDb(':memory:');
  try {
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != ?")
      .pluck()
      .all('__drizzle_migrations') as string[];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        (sqlite.pragma(`table_info("${table}")`) as { name: string }[]).map((c) => c.name).sort(),
      ]),
    );
  } finally {
    close();
  }
}

describe('PostgreSQL schema', () => {
  let scratch: ScratchDatabase;
  let handle: PgHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_schema');
    handle = openPg(scratch.url);
    await migratePg(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it('converts every module of db/schema', () => {
    const files = readdirSync(join(DB_DIR, 'schema'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.slice(0, -'.ts'.length));
    expect(Object.keys(schemaModules).sort(), 'list every db/schema module in schemaModules (db/pg/schema.ts)').toEqual(
      files.sort(),
    );
  });

  it('has committed migrations that match the schema', async () => {
    const last = lastSnapshot();
    const pending = await generateMigration(last, generateDrizzleJson(pgTables, last.id));
    expect(
      pending,
      'db/schema changed since db/migrations-pg was generated: run `npm run generate:pg -w db` and commit the migration',
    ).toEqual([]);
  });

  it('migrates a new database to the tables and columns of the SQLite schema', async () => {
    const { rows } = await handle.pool.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
    );
    const pgColumns: Record<string, string[]> = {};
    for (const { table_name, column_name } of rows) (pgColumns[table_name] ??= []).push(column_name);
    for (const columns of Object.values(pgColumns)) columns.sort();
    const sqlite = sqliteColumns();
    expect(Object.keys(pgColumns).sort()).toEqual(Object.keys(sqlite).sort());
    expect(pgColumns).toEqual(sqlite);
  });

  it('answers the same query code as SQLite does', async () => {
    const sqliteHandle = openDb(':memory:');
    let onSqlite;
    try {
      onSqlite = await roundTrip(sqliteHandle.db as unknown as AnyDb);
    } finally {
      sqliteHandle.close();
    }
    // The pg database runs the sqlite table objects: typed as the SQLite database the query code is written for.
    const onPg = await roundTrip(handle.db as unknown as AnyDb);

    expect(onPg).toEqual(onSqlite);
    // And both are what the code wrote and asked for, in JavaScript's types.
    expect(onPg.createdByDatabase).toBe(true);
    expect(onPg.ids.upsertKeptId).toBe(true);
    expect(onPg.lessors).toEqual([
      { id: onPg.ids.lessors[0], taxRate: 0.06, rentalDomestic: true },
      { id: onPg.ids.lessors[1], taxRate: 0.13, rentalDomestic: false },
    ]);
    expect(onPg.user).toEqual({ id: onPg.ids.user, disabled: true, areaCode: '86' });
    expect(onPg.online.map((d) => [d.serial, d.online, d.lat, d.lastReportAt])).toEqual([
      ['SN-4', true, 30.9, REPORT_AT],
      ['SN-2', true, 30.7, REPORT_AT],
    ]);
    expect(onPg.online[0].latest).toEqual({ engineRpm: 1004, tags: ['a', 4], nested: { ok: true } });
    expect(onPg.perOrg).toEqual([
      { org: 'Lessor A', machines: 2, online: 2 },
      { org: 'Lessor B', machines: 2, online: 0 },
    ]);
    expect(onPg.updated).toEqual({ online: false, latest: { engineRpm: 0 }, lastReportAt: new Date(0) });
    expect(onPg.upserted).toMatchObject({ nickname: 'new', disabled: false });
    expect(onPg.userCount).toBe(1);
    expect(onPg.kept).toEqual([{ name: 'Depot', lat: 1.25 }]);
    expect(onPg.command).toEqual({
      params: { level: 1 },
      reported: { lock: 'locked', sleeping: false },
      state: 'queued',
      expiresAt: new Date(1_800_000_000_000),
    });
  });

  it('leaves the process-wide pg type parsers alone', async () => {
    expect(pg.types.getTypeParser(pg.types.builtins.INT8, 'text')('5')).toBe('5');
    const { rows } = await handle.pool.query<{ n: unknown; doc: unknown }>(
      `select count(*) as n, '{"a":1}'::jsonb as doc`,
    );
    expect(rows).toEqual([{ n: 1, doc: '{"a": 1}' }]);
  });
});
