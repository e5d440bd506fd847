import { and, eq, sql } from 'drizzle-orm';
import type { Db, SyncDb } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { devices } from '@console/db/schema/devices';
import type { SilenceItem } from './store.ts';

/** A machine may miss two reports; the third missing one makes it silent, and never sooner than this. */
export const MISSED_REPORTS = 3;
export const MIN_SILENCE_MS = 60_000;

/** How long a machine that reports every `reportIntervalS` seconds may stay quiet. */
export function silenceLimitMs(reportIntervalS: number): number {
  return Math.max(MIN_SILENCE_MS, MISSED_REPORTS * reportIntervalS * 1000);
}

/**
 * Finds machines that the database holds online and awake but that have not reported for longer than their
 * silence limit: their connection died without a last will (a broker that restarted, a half-open TCP link).
 * Silence is counted from `since` at the earliest (when ingest started listening), so machines reconnecting
 * after a server restart are not all declared lost at once.
 */
export function createSilenceFinder(db: SyncDb): (now: number, since: number) => SilenceItem[];
export function createSilenceFinder(db: Db): (now: number, since: number) => Promise<SilenceItem[]>;
export function createSilenceFinder(db: SyncDb | Db) {
  const d = dialectOf(db);
  const limit = d.greatest(MIN_SILENCE_MS, sql`${devices.reportIntervalS} * ${MISSED_REPORTS * 1000}`);
  // The same query on either engine; SQLite's connection answers at once, PostgreSQL's later.
  const find = (db as SyncDb)
    .select({ id: devices.id, kind: devices.kind, sn: devices.serialNumber })
    .from(devices)
    .where(
      and(
        eq(devices.online, true),
        eq(devices.sleeping, false),
        sql`${d.greatest(sql`coalesce(${devices.lastReportAt}, 0)`, sql.placeholder('since'))} + ${limit} < ${sql.placeholder('now')}`,
      ),
    )
    .prepare();
  type Row = ReturnType<typeof find.all>[number];
  const items = (rows: Row[], now: number): SilenceItem[] =>
    rows.map((d) => ({ type: 'silence', sn: d.sn, device: { id: d.id, kind: d.kind }, receivedAt: now }));
  return (now: number, since: number) => {
    const rows = find.all({ now, since }) as Row[] | Promise<Row[]>;
    return rows instanceof Promise ? rows.then((found) => items(found, now)) : items(rows, now);
  };
}
