/**
 * The tables' upkeep on PostgreSQL (server/src/retention/vacuum.ts): a table whose rows were rewritten past
 * autovacuum's threshold is vacuumed by the server itself, whether the database's autovacuum runs or not; one that
 * was not is left alone, and a second check finds nothing to do. A large table is vacuumed in a lane of its own, so
 * that its long vacuum never holds back the small tables' (server/src/retention/vacuum.test.ts). Its vacuums are
 * paced as autovacuum's, by its connections' own setting.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { UPKEEP_PG_SETTINGS, vacuumPass } from '@console/server/src/retention/vacuum';
import { eventually } from '../../fixtures/server-process.ts';
import { createScratchDatabase, type ScratchDatabase } from '../db-pg/scratch-database.ts';

const MACHINES = 200;

/** What PostgreSQL's statistics say of a table now (a new snapshot of them each time). */
async function countsOf(client: pg.Client, table: string) {
  const { rows } = await client.query<{ dead: string; vacuums: string }>(
    `select n_dead_tup as dead, vacuum_count as vacuums from pg_stat_user_tables where relname = $1`,
    [table],
  );
  return { dead: Number(rows[0]!.dead), vacuums: Number(rows[0]!.vacuums) };
}

describe('the tables kept vacuumed on postgres', () => {
  let scratch: ScratchDatabase;
  let handle: { db: Db; close(): Promise<void> };
  /** Ingest's part: a connection of its own rewriting the machines' rows, as its state writes do. */
  let ingest: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_retention_vacuum');
    // As the server's rollup thread opens the upkeep's connections.
    handle = await openDatabase('', { url: scratch.url, pgSettings: UPKEEP_PG_SETTINGS });
    ingest = new pg.Client({ connectionString: scratch.url });
    await ingest.connect();
  }, 60_000);
  afterAll(async () => {
    await ingest?.end();
    await handle?.close();
    await scratch?.drop();
  });

  it('vacuums the machines rewritten past the threshold and nothing else', { timeout: 60_000 }, async () => {
    await handle.db
      .insert(devices)
      .values(
        Array.from({ length: MACHINES }, (_, i) => ({
          orgId: 1,
          modelId: 1,
          kind: 'aerialPlatform' as const,
          serialNumber: `VAC-${i}`,
        })),
      )
      .run();
    // The database's own autovacuum kept off this table, as on a server where it is off (or between its visits).
    await ingest.query('alter table devices set (autovacuum_enabled = false)');
    // Whatever the migrations and the insert left to do, done: what follows is the rewrites' alone.
    await vacuumPass(handle.db, 'small');
    await vacuumPass(handle.db, 'large');
    // Each machine's row rewritten three times, as ingest's state writes do every few seconds.
    for (let i = 1; i <= 3; i++) await ingest.query(`update devices set speed = $1, last_report_at = $2`, [i, i]);
    // This connection's counts reach the statistics now rather than within the next seconds.
    await ingest.query('select pg_stat_force_next_flush()');
    await eventually('the rewrites counted', async () => (await countsOf(ingest, 'devices')).dead >= 3 * MACHINES);
    const before = await countsOf(ingest, 'devices');
    const organisations = await countsOf(ingest, 'organisations');

    expect((await vacuumPass(handle.db, 'large')).vacuumed).not.toContain('devices');
    const done = await vacuumPass(handle.db, 'small');
    expect(done.vacuumed).toContain('devices');
    expect(done.vacuumed).not.toContain('organisations');
    const after = await countsOf(ingest, 'devices');
    expect(after).toEqual({ dead: 0, vacuums: before.vacuums + 1 });
    expect((await countsOf(ingest, 'organisations')).vacuums).toBe(organisations.vacuums);

    // Caught up: the next check vacuums nothing.
    expect((await vacuumPass(handle.db, 'small')).vacuumed).toEqual([]);
  });

  it('paces its vacuums as autovacuum paces its own, on every connection of its pool', async () => {
    const shown = await Promise.all(
      Array.from({ length: 3 }, () =>
        handle.db.all<{ delay: string }>(sql`select current_setting('vacuum_cost_delay') as delay, pg_sleep(0.05)`),
      ),
    );
    expect(shown.map((rows) => rows[0]!.delay)).toEqual(['2ms', '2ms', '2ms']);
    // The setting is the connection's own: ingest's (opened without it) vacuums unpaced, as the database's default.
    expect((await ingest.query('show vacuum_cost_delay')).rows[0]).toEqual({ vacuum_cost_delay: '0' });
  });

  it('vacuums the tables from a size on in the lane of their own', { timeout: 60_000 }, async () => {
    // A table far larger than the machines' (a stand-in for telemetry's history), grown past the threshold.
    await ingest.query('create table history (n integer, note text) with (autovacuum_enabled = false)');
    await ingest.query(`insert into history select n, repeat('x', 100) from generate_series(1, 30000) n`);
    await ingest.query('select pg_stat_force_next_flush()');
    await eventually('the inserts counted', async () => {
      const { rows } = await ingest.query<{ n: string }>(
        `select n_ins_since_vacuum as n from pg_stat_user_tables where relname = 'history'`,
      );
      return Number(rows[0]?.n ?? 0) >= 30_000;
    });
    const { rows } = await ingest.query<{ history: string; devices: string }>(
      `select pg_total_relation_size('history') as history, pg_total_relation_size('devices') as devices`,
    );
    // Large from half its size: the machines' table stays small.
    const largeFrom = Number(rows[0]!.history) / 2;
    expect(Number(rows[0]!.devices)).toBeLessThan(largeFrom);

    expect((await vacuumPass(handle.db, 'small', largeFrom)).vacuumed).not.toContain('history');
    expect((await countsOf(ingest, 'history')).vacuums).toBe(0);
    expect((await vacuumPass(handle.db, 'large', largeFrom)).vacuumed).toEqual(['history']);
    expect((await countsOf(ingest, 'history')).vacuums).toBe(1);
  });
});
