/**
 * `npx tsx bench/retention.ts`: telemetry's storage a report with and without retention (decision 075), on SQLite
 * and on PostgreSQL (RETENTION_PG=postgres://… or the tests' server at 127.0.0.1:5432; RETENTION_PG=off skips it).
 * RETENTION_MACHINES (20) machines report every 10 s for RETENTION_HOURS (24) hours, each report with its track
 * point, written as ingest writes them; then the 5-minute buckets are filled. Bytes are the tables' and indexes'
 * pages (SQLite's dbstat, PostgreSQL's pg_total_relation_size). The steady state of a machine reporting every 10 s
 * with N raw days and B bucket days is N days of raw rows plus B days of buckets; printed for the defaults (7 and
 * 400) against keeping every raw row for the same 400 days. `npm run bench -- retention` writes the same figures as the
 * `retention` key of bench/report.json (BENCH_RETENTION_MACHINES, BENCH_RETENTION_HOURS there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, openDb, type Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { bucketAll } from '@console/server/src/retention/buckets';
import { DEFAULT_BUCKET_DAYS, DEFAULT_RAW_DAYS } from '@console/server/src/retention/settings';

let MACHINES = Number(process.env.RETENTION_MACHINES ?? 20);
let HOURS = Number(process.env.RETENTION_HOURS ?? 24);
const STEP = 10_000;
const T0 = Date.UTC(2026, 10, 1);
const PG_SERVER = process.env.RETENTION_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function fill(db: Db): Promise<number> {
  const ids: number[] = [];
  for (let m = 0; m < MACHINES; m += 1) {
    const [row] = await db
      .insert(devices)
      .values({ orgId: 1, modelId: 1, kind: 'aerialPlatform', serialNumber: `BENCH-RET-${m}` })
      .returning({ id: devices.id })
      .all();
    ids.push(row!.id);
  }
  const perMachine = (HOURS * 3_600_000) / STEP;
  for (let i = 0; i < perMachine; i += 50) {
    const rows = ids.flatMap((deviceId, m) =>
      Array.from({ length: Math.min(50, perMachine - i) }, (_, k) => {
        const n = i + k;
        const t = T0 + n * STEP + m * 137;
        return { deviceId, n, t };
      }),
    );
    await db.transaction(async (tx) => {
      await tx
        .insert(telemetry)
        .values(
          rows.map(({ deviceId, n, t }) => ({
            deviceId,
            deviceTime: new Date(t),
            receivedAt: new Date(t + 800),
            data: {
              kind: 'aerialPlatform',
              platformHeightM: Math.round((6 + Math.sin(n / 40) * 4) * 10) / 10,
              loadPct: (n * 7) % 100,
              tiltDeg: Math.round(Math.cos(n / 9) * 30) / 10,
              batteryV: 24.4,
              batteryPct: 100 - ((n / 90) % 80),
              driving: n % 5 === 0,
              lifting: n % 3 === 0,
              workingHours: Math.round((1200 + n / 360) * 100) / 100,
              faults: [],
            },
          })),
        )
        .run();
      await tx
        .insert(trackPoints)
        .values(
          rows.map(({ deviceId, n, t }) => ({
            deviceId,
            gpsTime: new Date(t),
            receivedAt: new Date(t + 800),
            lat: 31.2304 + n * 1e-5,
            lng: 121.4737 + deviceId * 1e-3,
            speed: n % 6,
          })),
        )
        .run();
    });
  }
  return perMachine * MACHINES;
}

async function bytesOf(handle: { db: Db }, tables: string[]): Promise<number> {
  if (dialectOf(handle.db).engine === 'postgres') {
    let total = 0;
    for (const t of tables) {
      const row = await handle.db.get<{ n: number }>(sql`select pg_total_relation_size(${t}) as n`);
      total += Number(row!.n);
    }
    return total;
  }
  const names = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const row = await handle.db.get<{ n: number }>(sql`select sum(pgsize) as n from dbstat where name in (${names})`);
  return Number(row?.n ?? 0);
}

/** One engine's figures: storage a report raw, a bucket, and a machine's steady state with and without retention. */
export interface RetentionEngineResult {
  engine: 'sqlite' | 'postgres';
  reports: number;
  writeMs: number;
  foldMs: number;
  rawBytesPerReport: number;
  bytesPerBucket: number;
  /** A machine reporting every 10 s over the default bucket days: every raw row kept, and with the defaults. */
  machineKeptRawMb: number;
  machineKeptMb: number;
  bytesPerReportKept: number;
}

export interface RetentionBenchResult {
  machines: number;
  hours: number;
  rawDays: number;
  bucketDays: number;
  engines: RetentionEngineResult[];
}

async function measure(engine: 'sqlite' | 'postgres', handle: { db: Db }): Promise<RetentionEngineResult> {
  const started = Date.now();
  const reports = await fill(handle.db);
  if (engine === 'postgres') await handle.db.run(sql`vacuum analyze`);
  const raw = await bytesOf(handle, ['telemetry', 'track_points', 'telemetry_device_time', 'track_points_device_time']);
  const folded = Date.now();
  await bucketAll(handle.db);
  const foldMs = Date.now() - folded;
  if (engine === 'postgres') await handle.db.run(sql`vacuum analyze`);
  const buckets = await bytesOf(handle, ['telemetry_buckets', 'telemetry_buckets_device_at', 'telemetry_buckets_at']);
  const rawPerReport = raw / reports;
  const perBucket = buckets / (MACHINES * ((HOURS * 3_600_000) / 300_000));
  const perDay = 8_640;
  const keepAll = rawPerReport * perDay * DEFAULT_BUCKET_DAYS;
  const kept = rawPerReport * perDay * DEFAULT_RAW_DAYS + perBucket * 288 * DEFAULT_BUCKET_DAYS;
  console.log(
    `${engine}: ${reports} reports in ${Date.now() - started - foldMs} ms, folded in ${foldMs} ms; ` +
      `raw ${rawPerReport.toFixed(0)} B a report (telemetry and track point with indexes), ` +
      `a 5-minute bucket ${perBucket.toFixed(0)} B (${(perBucket / 30).toFixed(0)} B a report at 10 s); ` +
      `a machine over ${DEFAULT_BUCKET_DAYS} days at 10 s: ${(keepAll / 1e6).toFixed(1)} MB kept raw, ` +
      `${(kept / 1e6).toFixed(1)} MB with ${DEFAULT_RAW_DAYS} raw days and ${DEFAULT_BUCKET_DAYS} bucket days ` +
      `(${(kept / (perDay * DEFAULT_BUCKET_DAYS)).toFixed(1)} B a report)`,
  );
  const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
  return {
    engine,
    reports,
    writeMs: Date.now() - started - foldMs,
    foldMs,
    rawBytesPerReport: round(rawPerReport),
    bytesPerBucket: round(perBucket),
    machineKeptRawMb: round(keepAll / 1e6, 1),
    machineKeptMb: round(kept / 1e6, 1),
    bytesPerReportKept: round(kept / (perDay * DEFAULT_BUCKET_DAYS), 1),
  };
}

/**
 * Both engines' figures (PostgreSQL on `pgServer`, or skipped with 'off'): each on a database of its own, removed
 * after.
 */
export async function runRetentionBench(
  options: { machines?: number; hours?: number; pgServer?: string } = {},
): Promise<RetentionBenchResult> {
  MACHINES = options.machines ?? MACHINES;
  HOURS = options.hours ?? HOURS;
  const pgServer = options.pgServer ?? PG_SERVER;
  const engines: RetentionEngineResult[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'console-retention-'));
  try {
    const handle = openDb(join(dir, 'console.db'));
    engines.push(await measure('sqlite', handle));
    handle.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (pgServer !== 'off') {
    const name = `console_retention_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgServer });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(pgServer);
    url.pathname = `/${name}`;
    try {
      const handle = await openDatabase('', { url: url.toString() });
      engines.push(await measure('postgres', handle));
      await handle.close();
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }
  return { machines: MACHINES, hours: HOURS, rawDays: DEFAULT_RAW_DAYS, bucketDays: DEFAULT_BUCKET_DAYS, engines };
}

if (import.meta.url === `file://${process.argv[1]}`) await runRetentionBench();
