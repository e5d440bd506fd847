import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { retentionSettings, rollupWatermarks } from '@console/db/schema/analysis';
import { devices } from '@console/db/schema/devices';

/**
 * How long telemetry is kept (docs/decisions/075-telemetry-retention.md). Raw reports and track points are kept
 * `rawDays`; older ranges are answered from the 5-minute buckets, kept `bucketDays`. Organisation 0 holds the
 * server-wide setting; an organisation's own row holds for the machines it owns.
 */
export const DEFAULT_RAW_DAYS = 7;
export const DEFAULT_BUCKET_DAYS = 400;
export const SERVER_WIDE = 0;
export const BUCKET_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export interface Retention {
  rawDays: number;
  bucketDays: number;
}

/** The start of the 5-minute bucket holding `t` (every zone's offset is a multiple of 5 minutes). */
export const bucketOf = (t: number) => Math.floor(t / BUCKET_MS) * BUCKET_MS;

/** The first instant raw rows are kept for: a bucket's start, so a bucket is wholly raw or wholly folded. */
export const rawCutoff = (now: number, retention: Retention) => bucketOf(now - retention.rawDays * DAY_MS);
export const bucketCutoff = (now: number, retention: Retention) => bucketOf(now - retention.bucketDays * DAY_MS);

/** Every setting row: organisation id to its retention (0, the server-wide one, included when set). */
export async function retentionRows(db: Db): Promise<Map<number, Retention>> {
  const rows = await db.select().from(retentionSettings).all();
  return new Map(rows.map((r) => [r.orgId, { rawDays: r.rawDays, bucketDays: r.bucketDays }]));
}

/** The server-wide retention: its row, or the defaults. */
export const serverWide = (rows: Map<number, Retention>): Retention =>
  rows.get(SERVER_WIDE) ?? { rawDays: DEFAULT_RAW_DAYS, bucketDays: DEFAULT_BUCKET_DAYS };

/** The retention of an organisation's machines: its own row, else the server-wide one. */
export async function retentionOfOrg(db: Db, orgId: number): Promise<Retention> {
  const rows = await db
    .select()
    .from(retentionSettings)
    .where(inArray(retentionSettings.orgId, [SERVER_WIDE, orgId]))
    .all();
  const own = rows.find((r) => r.orgId === orgId && orgId !== SERVER_WIDE) ?? rows.find((r) => r.orgId === SERVER_WIDE);
  return own ? { rawDays: own.rawDays, bucketDays: own.bucketDays } : serverWide(new Map());
}

/** The watermark naming how far raw rows of a window (an organisation's, or 0: the server-wide) have been pruned. */
export const prunedName = (orgId: number) => `pruned.${orgId}`;

/**
 * Where a machine's raw rows start: the pruning pass's horizon (the newest cutoff it pruned the machine's window to,
 * or the server-wide one's when later). Readers answer the part of a range before it from the 5-minute buckets and
 * the part at or after it from the raw rows. The pass moves the horizon before it deletes, so no reader ever looks
 * for raw rows that are gone; before the first pass everything is read raw.
 */
export async function rawCutoffOfDevice(db: Db, deviceId: number, _now: number): Promise<number> {
  const device = await db.select({ orgId: devices.orgId }).from(devices).where(eq(devices.id, deviceId)).get();
  const names = [prunedName(SERVER_WIDE), prunedName(device?.orgId ?? SERVER_WIDE)];
  const rows = await db.select().from(rollupWatermarks).where(inArray(rollupWatermarks.name, names)).all();
  return Math.max(0, ...rows.map((r) => Number(r.lastId)));
}

/** Set an organisation's (or, with 0, the server-wide) retention. */
export async function setRetention(db: Db, orgId: number, retention: Retention, now: number): Promise<void> {
  await db
    .insert(retentionSettings)
    .values({ orgId, ...retention, updatedAt: now })
    .onConflictDoUpdate({
      target: retentionSettings.orgId,
      set: { rawDays: retention.rawDays, bucketDays: retention.bucketDays, updatedAt: now },
    })
    .run();
}
