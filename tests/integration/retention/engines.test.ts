/**
 * Telemetry kept within bounds (docs/decisions/075-telemetry-retention.md), on SQLite and on PostgreSQL: the 5-minute
 * buckets hold what the raw rows give for the same period; a pruning pass deletes only raw rows older than their
 * machine's window, in bounded batches, never one the buckets have not read; and pruning beside ingest loses no report.
 */
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openDb, type Db } from '@console/db/client';
import { telemetryBuckets } from '@console/db/schema/analysis';
import { devices, telemetry, trackPoints } from '@console/db/schema/devices';
import {
  BUCKET_CHUNK,
  bucketAll,
  bucketChunk,
  bucketWatermarks,
  type Stat,
} from '@console/server/src/retention/buckets';
import { prune } from '@console/server/src/retention/prune';
import { retentionRun } from '@console/server/src/retention/job';
import { BUCKET_MS, rawCutoffOfDevice, setRetention } from '@console/server/src/retention/settings';
import { createScratchDatabase, type ScratchDatabase } from '../db-pg/scratch-database.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);
const STEP = 30_000;
/** Three days of reports every 30 s. */
const REPORTS = (3 * DAY) / STEP;

const report = (i: number) => ({
  kind: 'aerialPlatform' as const,
  platformHeightM: 5 + (i % 7),
  loadPct: (i * 37) % 100,
  tiltDeg: 1,
  batteryV: 24,
  batteryPct: 80 - (i % 50),
  driving: false,
  lifting: i % 3 === 0,
  workingHours: 100 + i / 120,
  faults: [],
});

/** Reports (each with its track point) of a machine at the given indexes, in one transaction as ingest writes. */
async function ingest(db: Db, deviceId: number, indexes: number[], receivedAt = (t: number) => t + 400) {
  await db.transaction(async (tx) => {
    const rows = indexes.map((i) => ({ i, t: T0 + i * STEP }));
    for (let k = 0; k < rows.length; k += 500) {
      const slice = rows.slice(k, k + 500);
      await tx
        .insert(telemetry)
        .values(
          slice.map(({ i, t }) => ({
            deviceId,
            deviceTime: new Date(t),
            receivedAt: new Date(receivedAt(t)),
            data: report(i),
            lat: 31 + i / 1e5,
            lng: 121,
            speed: i % 4,
            alarmInfo: '',
          })),
        )
        .run();
    }
  });
}

const range = (n: number, from = 0) => Array.from({ length: n }, (_, k) => from + k);

async function machines(db: Db): Promise<[number, number]> {
  const ids: number[] = [];
  for (const [orgId, serial] of [
    [1, 'RET-A'],
    [2, 'RET-B'],
  ] as const) {
    const [row] = await db
      .insert(devices)
      .values({ orgId, modelId: 1, kind: 'aerialPlatform', serialNumber: serial })
      .returning({ id: devices.id })
      .all();
    ids.push(row!.id);
  }
  return ids as [number, number];
}

/** The raw rows of a machine per 5-minute bucket, in SQL: count, load sum/min/max, the last report's hour meter. */
async function rawPerBucket(db: Db, deviceId: number) {
  const rows = await db
    .select({ t: sql<number>`${telemetry.deviceTime}`, data: telemetry.data })
    .from(telemetry)
    .where(eq(telemetry.deviceId, deviceId))
    .orderBy(asc(telemetry.deviceTime))
    .all();
  const out = new Map<number, { n: number; load: Stat; lastHours: number }>();
  for (const r of rows) {
    const at = Math.floor(Number(r.t) / BUCKET_MS) * BUCKET_MS;
    const d = r.data as { loadPct: number; workingHours: number };
    const b = out.get(at);
    if (!b) out.set(at, { n: 1, load: [1, d.loadPct, d.loadPct, d.loadPct], lastHours: d.workingHours });
    else {
      b.n += 1;
      b.load = [b.load[0] + 1, b.load[1] + d.loadPct, Math.min(b.load[2], d.loadPct), Math.max(b.load[3], d.loadPct)];
      b.lastHours = d.workingHours;
    }
  }
  return out;
}

async function bucketsOf(db: Db, deviceId: number) {
  const rows = await db
    .select()
    .from(telemetryBuckets)
    .where(eq(telemetryBuckets.deviceId, deviceId))
    .orderBy(asc(telemetryBuckets.bucketAt))
    .all();
  return new Map(
    rows.map((b) => [
      Number(b.bucketAt),
      {
        n: Number(b.reports),
        load: (JSON.parse(b.stats) as Record<string, Stat>).loadPct!,
        lastHours: (JSON.parse(b.lastData!) as { workingHours: number }).workingHours,
        points: Number(b.points),
      },
    ]),
  );
}

const count = async (db: Db, table: typeof telemetry | typeof trackPoints, deviceId: number) =>
  Number(
    (await db
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .where(eq(table.deviceId, deviceId))
      .get())!.n,
  );

function suite(engine: 'sqlite' | 'postgres') {
  describe(`telemetry retention on ${engine}`, () => {
    let scratch: ScratchDatabase | undefined;
    let handle: { db: Db; close(): unknown };
    let db: Db;
    let a: number;
    let b: number;

    beforeAll(async () => {
      if (engine === 'postgres') {
        scratch = await createScratchDatabase('console_retention');
        handle = await openDatabase('', { url: scratch.url });
      } else handle = openDb(':memory:');
      db = handle.db;
      [a, b] = await machines(db);
      await ingest(db, a, range(REPORTS));
      await ingest(db, b, range(REPORTS));
    }, 120_000);
    afterAll(async () => {
      await handle?.close();
      await scratch?.drop();
    });

    it('fills 5-minute buckets that hold what the raw rows give for each period', { timeout: 120_000 }, async () => {
      // Chunks smaller than a bucket's reports: buckets are filled across chunks.
      const read = await bucketAll(db, { chunk: 777 });
      expect(read).toEqual({ telemetry: 2 * REPORTS, positions: 2 * REPORTS });
      const raw = await rawPerBucket(db, a);
      const kept = await bucketsOf(db, a);
      expect(kept.size).toBe(raw.size);
      expect(raw.size).toBe((3 * DAY) / BUCKET_MS);
      for (const [at, r] of raw) {
        const k = kept.get(at)!;
        expect(k.n).toBe(r.n);
        expect(k.load[0]).toBe(r.load[0]);
        expect(k.load[1]).toBeCloseTo(r.load[1], 6);
        expect([k.load[2], k.load[3]]).toEqual([r.load[2], r.load[3]]);
        expect(k.lastHours).toBe(r.lastHours);
        expect(k.points).toBe(r.n);
      }
      // Caught up: a second pass reads nothing.
      expect(await bucketAll(db)).toEqual({ telemetry: 0, positions: 0 });
    });

    it(
      "prunes only raw rows older than each machine's window, in bounded batches, and moves readers to the buckets",
      { timeout: 120_000 },
      async () => {
        const now = T0 + 3 * DAY + 3_600_000;
        // Organisation 1 keeps raw rows one day; organisation 2 has the server-wide default (7 days).
        await setRetention(db, 1, { rawDays: 1, bucketDays: 400 }, now);
        const cutoff = Math.floor((now - DAY) / BUCKET_MS) * BUCKET_MS;
        const keep = range(REPORTS).filter((i) => T0 + i * STEP >= cutoff).length;
        const bucketsBefore = await bucketsOf(db, a);
        expect(await rawCutoffOfDevice(db, a, now)).toBe(0);

        const result = await prune(db, now, { batch: 1_000 });
        expect(result.telemetry).toBe(REPORTS - keep);
        expect(result.buckets).toBe(0);
        // Every statement deleted at most a batch.
        expect(result.batches).toBeGreaterThanOrEqual(Math.ceil((REPORTS - keep) / 1_000));
        expect(await count(db, telemetry, a)).toBe(keep);
        expect(await count(db, trackPoints, a)).toBe(keep);
        const oldest = await db
          .select({ t: sql<number>`min(${telemetry.deviceTime})` })
          .from(telemetry)
          .where(eq(telemetry.deviceId, a))
          .get();
        expect(Number(oldest!.t)).toBe(cutoff);
        // The other organisation's machine is within its window: untouched.
        expect(await count(db, telemetry, b)).toBe(REPORTS);
        // The buckets are kept, and readers of machine A answer from them before the horizon.
        expect(await bucketsOf(db, a)).toEqual(bucketsBefore);
        expect(await rawCutoffOfDevice(db, a, now)).toBe(cutoff);
        // A second pass finds nothing.
        expect(await prune(db, now, { batch: 1_000 })).toMatchObject({ telemetry: 0, buckets: 0 });
      },
    );

    it('loses no report when ingest and pruning run at once, late reports included', { timeout: 180_000 }, async () => {
      const now = T0 + 3 * DAY + 3_600_000;
      const job = { db, now: () => now, log: () => {} };
      let running = true;
      const passes = (async () => {
        let n = 0;
        while (running || n === 0) {
          await retentionRun(job, { pauseMs: 0 });
          n += 1;
        }
        return n;
      })();
      // New reports past the three days, and late ones with old device times (a buffer sent days later).
      const late = range(40, 100);
      for (let k = 0; k < 20; k += 1) {
        await ingest(db, a, range(30, REPORTS + k * 30));
        if (k % 5 === 0) await ingest(db, a, late.slice(k * 2, k * 2 + 10), () => now);
      }
      running = false;
      expect(await passes).toBeGreaterThan(0);
      await retentionRun(job, { pauseMs: 0 });
      const kept = await bucketsOf(db, a);
      const folded = [...kept.values()].reduce((s, k) => s + k.n, 0);
      // Every report ever written is counted once in the buckets: 3 days, 600 new, 40 late.
      expect(folded).toBe(REPORTS + 600 + 40);
      // Late reports older than the window were folded, then pruned; nothing older than the window is left.
      const cutoff = await rawCutoffOfDevice(db, a, now);
      const older = await db
        .select({ n: sql<number>`count(*)` })
        .from(telemetry)
        .where(sql`${telemetry.deviceId} = ${a} and ${telemetry.deviceTime} < ${cutoff}`)
        .get();
      expect(Number(older!.n)).toBe(0);
    });

    it('prunes in every run, even one that did not fold all that arrived', { timeout: 120_000 }, async () => {
      const now = T0 + 3 * DAY + 3_600_000;
      const job = { db, now: () => now, log: () => {} };
      await retentionRun(job, { pauseMs: 0 });
      // More new reports than one chunk folds, and old folded rows past a shorter window.
      await ingest(db, a, range(BUCKET_CHUNK + 500, 10 * REPORTS));
      await setRetention(db, 1, { rawDays: 1, bucketDays: 400 }, now);
      await setRetention(db, 0, { rawDays: 2, bucketDays: 400 }, now);
      const run = await retentionRun(job, { pauseMs: 0, foldMs: 0 });
      expect(run.folded).toBe(BUCKET_CHUNK);
      expect(run.pruned!.telemetry).toBeGreaterThan(0);
      // The rest is folded by the next run, and nothing unfolded was deleted.
      expect((await retentionRun(job, { pauseMs: 0 })).folded).toBe(500);
      expect(await count(db, telemetry, a)).toBeGreaterThanOrEqual(BUCKET_CHUNK + 500);
    });
  });
}

suite('sqlite');
suite('postgres');

describe('the buckets folded beside the daily rollup on postgres', () => {
  let scratch: ScratchDatabase;
  let handle: { db: Db; close(): Promise<void> };
  let rollup: pg.Client;
  let next: pg.Client | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_retention_fold');
    handle = await openDatabase('', { url: scratch.url });
    rollup = new pg.Client({ connectionString: scratch.url });
    await rollup.connect();
  }, 60_000);
  afterAll(async () => {
    await rollup?.end();
    await next?.end();
    await handle?.close();
    await scratch?.drop();
  });

  it('commits a chunk while chunks of the daily rollup commit and begin beside it', { timeout: 60_000 }, async () => {
    const [a] = await machines(handle.db);
    await ingest(handle.db, a, range(100));
    await rollup.query(`insert into rollup_watermarks (name, last_id) values ('telemetry', 0), ('track_points', 0)`);
    expect(await bucketChunk(handle.db, { chunk: 50 })).toEqual({ telemetry: 50, positions: 50 });
    // Known to be a handful of rows, as in any running server: read whole rather than through an index.
    await rollup.query('analyze rollup_watermarks');
    // The daily rollup's chunks as rollup-pg.ts runs them on the same thread, one after another under a busy fleet:
    // serializable, every watermark read, their own moved. While the fold's chunk runs, one commits and the next has
    // read every watermark and is still going.
    const folded = await bucketChunk(handle.db, {
      afterRead: async () => {
        await rollup.query('begin isolation level serializable');
        await rollup.query(`update rollup_watermarks set last_id = last_id + 1 where name = 'telemetry'`);
        await rollup.query('commit');
        if (!next) {
          next = new pg.Client({ connectionString: scratch.url });
          await next.connect();
          await next.query('begin isolation level serializable');
          await next.query('select * from rollup_watermarks');
        }
      },
    });
    expect(folded).toEqual({ telemetry: 50, positions: 50 });
    await next!.query(`update rollup_watermarks set last_id = last_id + 1 where name = 'track_points'`);
    await next!.query('commit');
    const last = Number((await handle.db.get<{ n: number }>(sql`select max(id) as n from telemetry`))!.n);
    expect(await bucketWatermarks(handle.db)).toEqual({ telemetry: last, positions: last });
  });
});
