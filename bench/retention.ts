/**
 * `npx tsx bench/retention.ts`: telemetry's storage a report with and without retention (decision 075), on SQLite
 * and on PostgreSQL (RETENTION_PG=postgres://… or the tests' server at 127.0.0.1:5432; RETENTION_PG=off skips it).
 * RETENTION_MACHINES (200) machines report every 10 s for RETENTION_HOURS (3) hours (216,000 reports), each report
 * with its position, written through ingest's store as the ingest thread writes them (store.ts, store-pg.ts: every
 * message validated, batches of every machine's next five reports); then the 5-minute buckets are filled. Bytes are
 * the tables' and indexes' pages (SQLite's dbstat; PostgreSQL's pg_table_size, with TOAST, and each index's), per
 * table and index, divided by the reports stored. The steady state of a machine reporting every 10 s with
 * N raw days and B bucket days is N days of raw rows plus B days of buckets; printed for the defaults (7 and 400)
 * against keeping every raw row for the same 400 days. `npm run bench -- retention` writes the same figures as the
 * `retention` key of bench/report.json (BENCH_RETENTION_MACHINES, BENCH_RETENTION_HOURS there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, openDb, type Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { devices } from '@console/db/schema/devices';
import { topics } from '@console/contract/mqtt/topics';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { createStore, type StoreItem } from '@console/server/src/ingest/store';
import { createPgStore } from '@console/server/src/ingest/store-pg';
import { validateUplink, type KnownDevice } from '@console/server/src/ingest/validate';
import { loadThresholds, thresholdsFor } from '@console/server/src/lib/alarm-thresholds';
import { bucketAll } from '@console/server/src/retention/buckets';
import { DEFAULT_BUCKET_DAYS, DEFAULT_RAW_DAYS } from '@console/server/src/retention/settings';

let MACHINES = Number(process.env.RETENTION_MACHINES ?? 200);
let HOURS = Number(process.env.RETENTION_HOURS ?? 3);
const STEP = 10_000;
const T0 = Date.UTC(2026, 10, 1);
const PG_SERVER = process.env.RETENTION_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Reports a batch of ingest holds: this many 10-second steps of every machine. */
const STEPS_A_BATCH = 5;

/** Machine `m`'s report number `n`: an aerial platform at work, below its alarm thresholds, as the simulator sends. */
function reportOf(m: number, n: number, t: number): TelemetryMessage {
  return {
    seq: n + 1,
    t,
    signal: 'strong',
    lock: 'unlocked',
    pos: { lat: 31.2304 + n * 1e-5, lng: 121.4737 + m * 1e-3, speed: n % 6, fix: 'gps' },
    data: {
      kind: 'aerialPlatform',
      platformHeightM: Math.round((6 + Math.sin(n / 40) * 4) * 10) / 10,
      loadPct: (n * 7) % 80,
      tiltDeg: Math.round(Math.abs(Math.cos(n / 9)) * 30) / 10,
      batteryV: 24.4,
      batteryPct: Math.round((100 - ((n / 90) % 60)) * 10) / 10,
      driving: n % 5 === 0,
      lifting: n % 3 === 0,
      workingHours: Math.round((1200 + n / 360) * 100) / 100,
      faults: [],
    },
  };
}

/** The ingest thread's store of the engine (store.ts on SQLite's ingest connection, store-pg.ts on PostgreSQL). */
interface BenchStore {
  findDevice(sn: string): KnownDevice | undefined;
  lookUp(sn: string): Promise<void>;
  write(batch: StoreItem[]): Promise<{ stored: number }>;
  writeWaiting(now: number | null): Promise<void>;
  close(): Promise<void>;
}

async function storeOn(engine: 'sqlite' | 'postgres', target: string): Promise<BenchStore> {
  if (engine === 'sqlite') {
    const handle = openDb(target, { migrate: false, ingest: true });
    const store = createStore(handle, { thresholds: (d) => thresholdsFor(handle.sqliteDb, d.orgId, d.kind) });
    return {
      findDevice: store.findDevice,
      lookUp: async () => undefined,
      write: async (batch) => store.write(batch),
      writeWaiting: async (now) => store.writeWaiting(now),
      close: async () => handle.close(),
    };
  }
  const handle = await openDatabase('', { url: target, migrate: false });
  let held: Awaited<ReturnType<typeof loadThresholds>> | null = null;
  const store = createPgStore(handle.db, {
    thresholds: (d) => held!(d.orgId, d.kind),
    prepare: async () => void (held = await loadThresholds(handle.db)),
  });
  return {
    findDevice: store.findDevice,
    lookUp: store.lookUp,
    write: store.write,
    writeWaiting: async (now) => store.writeWaiting(now),
    close: handle.close,
  };
}

/**
 * The machines, then their reports through ingest's store as the ingest thread writes them (each message validated
 * as it arrives from the broker, batches of every machine's next reports): the reports stored.
 */
async function fill(db: Db, store: BenchStore): Promise<number> {
  const serials: string[] = [];
  for (let m = 0; m < MACHINES; m += 1) {
    const sn = `BENCH-RET-${m}`;
    await db.insert(devices).values({ orgId: 1, modelId: 1, kind: 'aerialPlatform', serialNumber: sn }).run();
    await store.lookUp(sn);
    serials.push(sn);
  }
  const perMachine = (HOURS * 3_600_000) / STEP;
  let stored = 0;
  for (let i = 0; i < perMachine; i += STEPS_A_BATCH) {
    const batch: StoreItem[] = [];
    for (let n = i; n < Math.min(i + STEPS_A_BATCH, perMachine); n += 1)
      serials.forEach((sn, m) => {
        const t = T0 + n * STEP + m * 137;
        const body = Buffer.from(JSON.stringify(reportOf(m, n, t)));
        const result = validateUplink(topics.telemetry(sn), body, t + 800, store.findDevice);
        if (!result.ok || result.item.type === 'ack') throw new Error(`refused: ${JSON.stringify(result)}`);
        batch.push(result.item);
      });
    stored += (await store.write(batch)).stored;
  }
  await store.writeWaiting(null);
  return stored;
}

/** A relation's bytes: SQLite's pages (dbstat); PostgreSQL's pg_table_size (with its FSM, VM and TOAST). */
async function relationBytes(db: Db, name: string): Promise<number> {
  if (dialectOf(db).engine === 'postgres') {
    const row = await db.get<{ n: number }>(sql`select pg_table_size(${name}) as n`);
    return Number(row!.n);
  }
  const row = await db.get<{ n: number }>(sql`select sum(pgsize) as n from dbstat where name = ${name}`);
  return Number(row?.n ?? 0);
}

/**
 * Each relation of `tables` with its indexes (PostgreSQL: the table's own pages, its TOAST table and TOAST index
 * counted with it by pg_table_size; SQLite: dbstat's pages of the table and of each index), by name.
 */
async function breakdownOf(db: Db, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    out[table] = await relationBytes(db, table);
    const indexes =
      dialectOf(db).engine === 'postgres'
        ? await db.all<{ name: string }>(sql`select indexrelid::regclass::text as name from pg_index
            where indrelid = ${table}::regclass order by 1`)
        : await db.all<{ name: string }>(sql`select name from sqlite_master where type = 'index'
            and tbl_name = ${table} order by 1`);
    for (const { name } of indexes) out[name] = await relationBytes(db, name);
  }
  return out;
}

const sum = (parts: Record<string, number>) => Object.values(parts).reduce((a, b) => a + b, 0);

/** One engine's figures: storage a report raw, a bucket, and a machine's steady state with and without retention. */
export interface RetentionEngineResult {
  engine: 'sqlite' | 'postgres';
  reports: number;
  writeMs: number;
  foldMs: number;
  rawBytesPerReport: number;
  /** Bytes a report of the raw telemetry table and of each of its indexes. */
  rawParts: Record<string, number>;
  bytesPerBucket: number;
  /** A machine reporting every 10 s over the default bucket days: every raw row kept, and with the defaults. */
  machineKeptRawMb: number;
  machineKeptMb: number;
  bytesPerReportKept: number;
  /** The host's load averages (1, 5, 15 minutes) when the engine's figures were taken. */
  load: number[];
}

export interface RetentionBenchResult {
  machines: number;
  hours: number;
  rawDays: number;
  bucketDays: number;
  engines: RetentionEngineResult[];
}

/** Raw reports, each with its track point (track_points is a view of them). */
const RAW_TABLES = ['telemetry'];

async function measure(engine: 'sqlite' | 'postgres', target: string): Promise<RetentionEngineResult> {
  const handle = engine === 'sqlite' ? openDb(target) : await openDatabase('', { url: target });
  const { db } = handle;
  const store = await storeOn(engine, target);
  const started = Date.now();
  let reports: number;
  try {
    reports = await fill(db, store);
  } finally {
    await store.close();
  }
  const writeMs = Date.now() - started;
  if (engine === 'postgres') await db.run(sql`vacuum analyze`);
  const rawParts = await breakdownOf(db, RAW_TABLES);
  const raw = sum(rawParts);
  const load = loadavg().map((n) => Math.round(n * 100) / 100);
  const folded = Date.now();
  await bucketAll(db);
  const foldMs = Date.now() - folded;
  if (engine === 'postgres') await db.run(sql`vacuum analyze`);
  const buckets = sum(await breakdownOf(db, ['telemetry_buckets']));
  if (engine === 'postgres') await (handle as { close(): Promise<void> }).close();
  else (handle as { close(): void }).close();
  const rawPerReport = raw / reports;
  const perBucket = buckets / (MACHINES * ((HOURS * 3_600_000) / 300_000));
  const perDay = 8_640;
  const keepAll = rawPerReport * perDay * DEFAULT_BUCKET_DAYS;
  const kept = rawPerReport * perDay * DEFAULT_RAW_DAYS + perBucket * 288 * DEFAULT_BUCKET_DAYS;
  const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
  const parts = Object.fromEntries(Object.entries(rawParts).map(([name, n]) => [name, round(n / reports, 1)]));
  console.log(
    `${engine}: ${reports} reports of ${MACHINES} machines through ingest's store in ${writeMs} ms, folded in ` +
      `${foldMs} ms (load ${load.join(' ')}); raw ${rawPerReport.toFixed(1)} B a report (` +
      `${Object.entries(parts)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}), a 5-minute bucket ${perBucket.toFixed(0)} B (${(perBucket / 30).toFixed(0)} B a report ` +
      `at 10 s); a machine over ${DEFAULT_BUCKET_DAYS} days at 10 s: ${(keepAll / 1e6).toFixed(1)} MB kept raw, ` +
      `${(kept / 1e6).toFixed(1)} MB with ${DEFAULT_RAW_DAYS} raw days and ${DEFAULT_BUCKET_DAYS} bucket days ` +
      `(${(kept / (perDay * DEFAULT_BUCKET_DAYS)).toFixed(1)} B a report)`,
  );
  return {
    engine,
    reports,
    writeMs,
    foldMs,
    rawBytesPerReport: round(rawPerReport, 1),
    rawParts: parts,
    bytesPerBucket: round(perBucket),
    machineKeptRawMb: round(keepAll / 1e6, 1),
    machineKeptMb: round(kept / 1e6, 1),
    bytesPerReportKept: round(kept / (perDay * DEFAULT_BUCKET_DAYS), 1),
    load,
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
    engines.push(await measure('sqlite', join(dir, 'console.db')));
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
      engines.push(await measure('postgres', url.toString()));
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }
  return { machines: MACHINES, hours: HOURS, rawDays: DEFAULT_RAW_DAYS, bucketDays: DEFAULT_BUCKET_DAYS, engines };
}

if (import.meta.url === `file://${process.argv[1]}`) await runRetentionBench();
