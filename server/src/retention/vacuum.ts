import { sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { startRepeatingJob } from '../lib/repeating-job.ts';

/**
 * The tables' upkeep on PostgreSQL (docs/decisions/067, last addenda). Ingest rewrites each reporting machine's row
 * of `devices` every few seconds, the daily rollup its cursors and days, the retention fold its buckets; each rewrite
 * leaves the row's old version behind until a VACUUM clears it. PostgreSQL's autovacuum does that when it is on, but
 * visits a table at most once a minute (`autovacuum_naptime`), and some hosts run with it off (tuned for tests). Then
 * the device list's count reads every dead version (measured: 144,100 of them beside 5,000 machines, the count from 1
 * ms to 23 ms a request). So the server checks its tables itself every VACUUM_CHECK_MS with autovacuum's own default
 * thresholds, and vacuums and analyses those past them; a table another vacuum holds is skipped until the next check.
 * Where autovacuum keeps up, a check finds nothing to do. SQLite rewrites rows in place: nothing to do there.
 */
export const VACUUM_CHECK_MS = 5_000;

/**
 * The upkeep's connections' settings: its vacuums paced as autovacuum paces its own (`autovacuum_vacuum_cost_delay`,
 * 2 ms after every 200 cost units of pages read and dirtied). A VACUUM command runs unpaced (`vacuum_cost_delay` 0),
 * and one of `devices` every few seconds took a core in bursts on a 2-core host: on PostgreSQL alone under ingest the
 * device list's p99 was 90 and 75 ms with the upkeep unpaced, 68 and 68 ms paced (decision 067, thirteenth addendum).
 * Only VACUUM and ANALYZE read the setting: the other jobs sharing the connections run as before.
 */
export const UPKEEP_PG_SETTINGS = { vacuum_cost_delay: '2ms' };

/** A table's counts as PostgreSQL's statistics give them (pg_stat_user_tables). */
export interface TableCounts {
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
}

/**
 * What a table needs by autovacuum's default thresholds (`autovacuum_vacuum_threshold` 50 and scale factor 0.2, the
 * same for inserts with 1,000, and 50 and 0.1 to analyse): a vacuum (which analyses too), an analyse, or nothing.
 */
export function upkeepOf(t: TableCounts): 'vacuum' | 'analyze' | null {
  if (t.dead > 50 + 0.2 * t.live || t.insertedSinceVacuum > 1000 + 0.2 * t.live) return 'vacuum';
  if (t.changedSinceAnalyze > 50 + 0.1 * t.live) return 'analyze';
  return null;
}

/**
 * The two lanes of the upkeep, each checked every VACUUM_CHECK_MS on a connection of its own: `small` the tables
 * below LARGE_TABLE_BYTES with their indexes, cleared in milliseconds (the rows ingest rewrites: `devices`, 1.7 kB a
 * machine with its indexes, about 170 MB at 100,000 machines; the rollup's cursors), and `large` the others
 * (telemetry, whose vacuum after a fifth more reports or a pruning pass reads gigabytes for minutes). In one lane the
 * next clearing of `devices` waited behind such a vacuum, its dead rows piling up meanwhile (the device list's count
 * reads them).
 */
export type UpkeepLane = 'small' | 'large';
export const LARGE_TABLE_BYTES = 256 * 1024 * 1024;

/**
 * One check of a lane: every table of the database's schema in the lane and past a threshold vacuumed or analysed,
 * one after another, the smallest first.
 */
export async function vacuumPass(
  db: Db,
  lane: UpkeepLane,
  largeFrom = LARGE_TABLE_BYTES,
): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  const counts = await db.all<Record<keyof TableCounts | 'table' | 'bytes', string | number>>(sql`
    select relname as "table", pg_total_relation_size(relid) as "bytes", n_live_tup as "live", n_dead_tup as "dead",
      n_ins_since_vacuum as "insertedSinceVacuum", n_mod_since_analyze as "changedSinceAnalyze"
    from pg_stat_user_tables where schemaname = current_schema()
    order by "bytes", "table"`);
  const done = { vacuumed: [] as string[], analyzed: [] as string[] };
  for (const row of counts) {
    const large = Number(row.bytes) >= largeFrom;
    if (large !== (lane === 'large')) continue;
    const table = String(row.table);
    const upkeep = upkeepOf({
      live: Number(row.live),
      dead: Number(row.dead),
      insertedSinceVacuum: Number(row.insertedSinceVacuum),
      changedSinceAnalyze: Number(row.changedSinceAnalyze),
    });
    if (upkeep === 'vacuum') {
      await db.run(sql`vacuum (analyze, skip_locked) ${sql.identifier(table)}`);
      done.vacuumed.push(table);
    } else if (upkeep === 'analyze') {
      await db.run(sql`analyze (skip_locked) ${sql.identifier(table)}`);
      done.analyzed.push(table);
    }
  }
  return done;
}

/**
 * Start the checks of both lanes (PostgreSQL only), the first at once; `stop` resolves once no check is going. `db`
 * is a pool: a lane's statement goes on a connection of its own while the other lane's runs.
 */
export function startVacuumJob(
  deps: { db: Db; log: (level: 'warn', message: string, detail?: unknown) => void },
  intervalMs = VACUUM_CHECK_MS,
): { stop(): Promise<void> } {
  const lanes = (['small', 'large'] as const).map((lane) =>
    startRepeatingJob(
      () => vacuumPass(deps.db, lane),
      intervalMs,
      (error) => deps.log('warn', `table upkeep (${lane}) failed (it tries again on its next check)`, error),
    ),
  );
  return { stop: () => Promise.all(lanes.map((lane) => lane.stop())).then(() => undefined) };
}
