/**
 * The server-wide retention as the system settings show and change it (docs/decisions/075-telemetry-retention.md):
 * the setting (or the defaults), the horizon raw rows start at, and what the telemetry tables hold now.
 */
import { eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { engineOf } from '@console/db/dialect';
import { retentionSettings, rollupWatermarks } from '@console/db/schema/analysis';
import { RETENTION_BOUNDS, type RetentionView } from '@console/contract/http/retention';
import { formatInZone } from '../lib/time.ts';
import {
  DEFAULT_BUCKET_DAYS,
  DEFAULT_RAW_DAYS,
  SERVER_WIDE,
  prunedName,
  setRetention,
  type Retention,
} from './settings.ts';

/** Raw reports (each with its track point: track_points is a view of them) and their 5-minute buckets. */
const TABLES = ['telemetry', 'telemetry_buckets'] as const;
type TableName = (typeof TABLES)[number];

/**
 * A table's bytes with its indexes: PostgreSQL's `pg_total_relation_size`, SQLite's `dbstat` pages of the table and
 * its indexes; null where the engine cannot tell (a SQLite built without `dbstat`).
 */
async function bytesOf(db: Db, table: TableName): Promise<number | null> {
  try {
    if (engineOf(db) === 'postgres') {
      const row = await db.get<{ n: number | string }>(sql`select pg_total_relation_size(${table}) as n`);
      return Number(row?.n ?? 0);
    }
    const row = await db.get<{ n: number | null }>(
      sql`select sum(pgsize) as n from dbstat where name in (select name from sqlite_master where tbl_name = ${table})`,
    );
    return Number(row?.n ?? 0);
  } catch {
    return null;
  }
}

async function rowsOf(db: Db, table: TableName): Promise<number> {
  const row = await db.get<{ n: number | string }>(sql`select count(*) as n from ${sql.identifier(table)}`);
  return Number(row?.n ?? 0);
}

/** The server-wide retention with the tables' sizes now, times in the viewer's zone. */
export async function retentionView(db: Db, timeZone: string): Promise<RetentionView> {
  const own = await db.select().from(retentionSettings).where(eq(retentionSettings.orgId, SERVER_WIDE)).get();
  const others = await db
    .select({ n: sql<number>`count(*)` })
    .from(retentionSettings)
    .where(ne(retentionSettings.orgId, SERVER_WIDE))
    .get();
  const horizon = await db
    .select({ lastId: rollupWatermarks.lastId })
    .from(rollupWatermarks)
    .where(eq(rollupWatermarks.name, prunedName(SERVER_WIDE)))
    .get();
  const tables = [];
  for (const table of TABLES) tables.push({ table, rows: await rowsOf(db, table), bytes: await bytesOf(db, table) });
  const horizonMs = Number(horizon?.lastId ?? 0);
  return {
    rawDays: own?.rawDays ?? DEFAULT_RAW_DAYS,
    bucketDays: own?.bucketDays ?? DEFAULT_BUCKET_DAYS,
    saved: !!own,
    defaults: { rawDays: DEFAULT_RAW_DAYS, bucketDays: DEFAULT_BUCKET_DAYS },
    bounds: {
      rawDays: { ...RETENTION_BOUNDS.rawDays },
      bucketDays: { ...RETENTION_BOUNDS.bucketDays },
    },
    updatedAt: own ? formatInZone(Number(own.updatedAt), timeZone) : '',
    ownSettings: Number(others?.n ?? 0),
    horizon: horizonMs > 0 ? formatInZone(horizonMs, timeZone) : '',
    engine: engineOf(db),
    tables,
  };
}

/** Change the server-wide retention; the job's next pass applies it (the horizon is never moved back). */
export const setServerWideRetention = (db: Db, retention: Retention, now: number) =>
  setRetention(db, SERVER_WIDE, retention, now);
