import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { deviceListQuery } from '@console/contract/http/devices';
import { openDb } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { demoAccount } from '@console/db/seed/accounts';
import { listDevices } from '@console/server/src/routes/device-list';
import { ScopedData } from '@console/server/src/lib/data';
import { createSession, findSessionUser } from '@console/server/src/lib/session';
import { eventually, freePort, runTs, startServerProcess } from '../tests/fixtures/server-process.ts';
import {
  BENCH_PORTS,
  engineEnv,
  openEngineDb,
  seedEngineDb,
  telemetryCounter,
  writeScenario,
  type BenchEngine,
  type EngineDb,
} from './lib/fleet.ts';
import { sleep, startSimulatorProcess } from './lib/processes.ts';
import { dayInZone } from '@console/server/src/lib/time';

export interface ApiBenchOptions {
  /** Machines reporting every second while the list is asked for (messages per second). */
  rate: number;
  profileDir?: string;
  /** The engines the product is measured on (BENCH_DB); the baseline runs beside SQLite's. */
  engines?: BenchEngine[];
}

/** The device list's figures of the product on one engine. */
interface ApiFigures {
  /** What is asked for, and as whom. */
  request: string;
  /** Messages per second ingested meanwhile, and the machines in the database. */
  ingestMsgsPerSec: number;
  machines: number;
  /** Machines reporting meanwhile (all `rate` of them unless connecting stalled). */
  reporting: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** The product and the baseline were asked in turns of this many seconds. */
  turnS: number;
  /** The engines took turns under ingest: each measured in this many stretches, a stack started for each. */
  stretches: number;
  /** The same request on an idle server with 20,000 seeded machines (SEED_DEVICES=20000). */
  deviceList20kP95Ms: number;
  deviceList20kP99Ms: number;
  /** The host's load averages (1, 5, 15 min) when the measurement under ingest ended. */
  load: number[];
}

export interface ApiResult extends ApiFigures {
  engine: 'sqlite';
  /** A minimal Hono + better-sqlite3 server running the same SQL on the same database, under the same ingest. */
  baselineP50Ms: number;
  baselineP99Ms: number;
}

/**
 * The product on PostgreSQL: the same request under the same ingest, its turns alternating with pauses where
 * SQLite's alternate with the baseline's, so both engines are asked over the same stretch of their runs.
 */
export interface ApiPostgresResult extends ApiFigures {
  engine: 'postgres';
  /** p99 over the SQLite product's in the same run (TARGETS.apiPgP99OfSqlite); null when SQLite was not measured. */
  p99OfSqlite: number | null;
}

/** A lessor's administrator looks for the aerial platforms on line, second page, most recent report first. */
const QUERY = { kind: 'aerialPlatform', status: '1', page: '2', pageSize: '20', sortField: 'lastReportAt' };
const ROLE_ASKING = ROLE.lessorAdmin;
const CONCURRENCY = 4;
const MEASURE_MS = 20_000;
/**
 * The engines take turns under ingest: each is measured in this many stretches of MEASURE_MS (SQLite, PostgreSQL,
 * SQLite, PostgreSQL), a stack of its own started for each, and its latencies pooled. Measured once each, one after
 * the other, a slow minute of the host fell on one engine's whole window and the ratio followed it; and a p99 of
 * twice the requests rests on twice the slowest answers.
 */
const STRETCHES = 2;
const WARM_UP_REQUESTS = 50;
const SLICE_MS = 2_000;

export const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
const round = (n: number) => Math.round(n * 100) / 100;

interface Target {
  url: string;
  headers: Record<string, string>;
}

/** One answer's latency; a failing answer is not a fast answer: the run stops. */
async function ask({ url, headers }: Target): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { status: string; message: string };
  if (response.status !== 200 || body.status !== '200') throw new Error(`${url}: ${body.status} ${body.message}`);
  return performance.now() - started;
}

/** Closed-loop load: `CONCURRENCY` clients ask one after another for `ms`; the latency of every answer. */
async function measure(target: Target, ms: number): Promise<number[]> {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await ask(target);
  const latencies: number[] = [];
  await load(target, ms, latencies);
  return latencies.sort((a, b) => a - b);
}

async function load(target: Target, ms: number, into: number[]): Promise<void> {
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) into.push(await ask(target));
    }),
  );
}

/**
 * The product and the baseline side by side: asked in turns of `SLICE_MS` for `ms` each, so both meet the same
 * moments of the run (a fleet still connecting, a scheduler's pass, a rollup, the commands of a business in
 * arrears going out) instead of one getting the first stretch and the other the second. Without a baseline (the
 * product on PostgreSQL) its turns are pauses: the product is asked over the same stretch of its run, in the same
 * rhythm, as on SQLite.
 */
export async function measureInTurns(product: Target, baseline: Target | null, ms: number) {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await Promise.all([ask(product), baseline && ask(baseline)]);
  const latencies = { product: [] as number[], baseline: [] as number[] };
  for (let turn = 0; turn < ms / SLICE_MS; turn++) {
    await load(product, SLICE_MS, latencies.product);
    if (baseline) await load(baseline, SLICE_MS, latencies.baseline);
    else await sleep(SLICE_MS);
  }
  return { product: latencies.product.sort((a, b) => a - b), base: latencies.baseline.sort((a, b) => a - b) };
}

/** A console session of the asking role, made in the database (either engine) as a sign-in would. */
export async function tokenFor(db: EngineDb): Promise<string> {
  const dbh = await openEngineDb(db);
  try {
    const user = await dbh.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE_ASKING)))
      .get();
    return await createSession(dbh.db, user!.id, 'console', '127.0.0.1', Date.now() + 3600_000);
  } finally {
    await dbh.close();
  }
}

/** The SQL statements (with their parameters) the server's device list runs on SQLite for this user and query. */
async function captureListSql(db: EngineDb, token: string): Promise<string> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const { db: logged, close } = openDb(db.file, {
    migrate: false,
    logQuery: (sql, params) => void captured.push({ sql, params }),
  });
  const user = (await findSessionUser(logged, token, Date.now()))!;
  captured.length = 0;
  await listDevices(
    await ScopedData.of(logged, user),
    user,
    deviceListQuery.parse(QUERY),
    'Asia/Shanghai',
    dayInZone(Date.now(), 'Asia/Shanghai'),
  );
  close();
  const file = join(db.dir, 'device-list-queries.json');
  writeFileSync(file, JSON.stringify(captured));
  return file;
}

export const listUrl = (api: string) => `${api}/device/list.do?${new URLSearchParams(QUERY)}`;

/** The server on a bench database of either engine (DATABASE_URL on PostgreSQL). */
const startServer = (db: EngineDb, options: ApiBenchOptions) =>
  startServerProcess({
    dbFile: db.file,
    range: BENCH_PORTS,
    env: { WATCHDOG_S: '0', ...engineEnv(db) },
    nodeArgs: options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [],
    timeoutMs: db.engine === 'postgres' ? 180_000 : undefined,
  });

/** The minimal baseline server (bench/baseline-api.ts) on SQLite's database, running the list's captured SQL. */
async function startBaseline(db: EngineDb, queries: string, taken: number[]) {
  const port = await freePort(BENCH_PORTS, taken);
  const run = runTs('bench/baseline-api.ts', {
    BENCH_DB: db.file,
    BENCH_QUERIES: queries,
    BENCH_PORT: String(port),
  });
  try {
    await eventually('the baseline API', () => run.output.join('').includes('baseline listening'), 30_000);
  } catch (error) {
    await run.stop();
    throw error;
  }
  return { run, port, target: { url: listUrl(`http://127.0.0.1:${port}/api`), headers: {} } };
}

/**
 * The device list on the real server while machines report; on SQLite beside the baseline under the same load, in
 * turns.
 */
async function underIngest(db: EngineDb, scenario: string, options: ApiBenchOptions, ms: number) {
  const token = await tokenFor(db);
  const queries = db.engine === 'sqlite' ? await captureListSql(db, token) : null;
  const server = await startServer(db, options);
  const taken = [server.port, server.mqttPort];
  try {
    const baseline = queries ? await startBaseline(db, queries, taken) : null;
    try {
      const sim = await startSimulatorProcess({
        mqttUrl: server.brokerUrl,
        scenario,
        machines: options.rate,
        taken: [...taken, ...(baseline ? [baseline.port] : [])],
      });
      try {
        await sleep(5000);
        const reader = await openEngineDb(db);
        try {
          const counter = telemetryCounter(reader.db, db.engine);
          const s0 = await counter.newest();
          const t0 = Date.now();
          const { product, base } = await measureInTurns(
            { url: listUrl(server.api), headers: { token, timeZone: 'Asia/Shanghai' } },
            baseline?.target ?? null,
            ms,
          );
          const wallMs = Date.now() - t0;
          const load = loadavg().map((n) => round(n));
          const stored = await counter.between(s0, await counter.newest());
          return { product, base, stored, wallMs, machines: db.machines.length, reporting: sim.online, load };
        } finally {
          await reader.close();
        }
      } finally {
        await sim.stop();
      }
    } finally {
      await baseline?.run.stop();
    }
  } finally {
    await server.stop();
  }
}

/** The same request on a server holding 20,000 machines. */
async function largeFleet(engine: BenchEngine, options: ApiBenchOptions) {
  const db = await seedEngineDb(engine, 20_000, 24);
  try {
    const token = await tokenFor(db);
    const server = await startServer(db, options);
    try {
      return await measure({ url: listUrl(server.api), headers: { token, timeZone: 'Asia/Shanghai' } }, MEASURE_MS / 2);
    } finally {
      await server.stop();
    }
  } finally {
    await db.remove();
  }
}

type Stretch = Awaited<ReturnType<typeof underIngest>>;

/** An engine's stretches as one measurement: the latencies pooled, ingest over their time together, the last load. */
const pooled = (stretches: Stretch[]) => ({
  product: stretches.flatMap((s) => s.product).sort((a, b) => a - b),
  base: stretches.flatMap((s) => s.base).sort((a, b) => a - b),
  ingestMsgsPerSec: Math.round(sum(stretches.map((s) => s.stored)) / (sum(stretches.map((s) => s.wallMs)) / 1000)),
  machines: stretches[0]!.machines,
  reporting: Math.min(...stretches.map((s) => s.reporting)),
  load: stretches.at(-1)!.load,
});
const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

const figures = (loaded: ReturnType<typeof pooled>, large: number[]): ApiFigures => ({
  turnS: SLICE_MS / 1000,
  stretches: STRETCHES,
  request: `GET /api/device/list.do?${new URLSearchParams(QUERY)} as role ${ROLE_ASKING}, ${CONCURRENCY} clients`,
  ingestMsgsPerSec: loaded.ingestMsgsPerSec,
  machines: loaded.machines,
  reporting: loaded.reporting,
  requests: loaded.product.length,
  p50Ms: round(percentile(loaded.product, 0.5)),
  p95Ms: round(percentile(loaded.product, 0.95)),
  p99Ms: round(percentile(loaded.product, 0.99)),
  deviceList20kP95Ms: round(percentile(large, 0.95)),
  deviceList20kP99Ms: round(percentile(large, 0.99)),
  load: loaded.load,
});

/**
 * The device list on each engine asked for. Both databases are seeded first, so the measurements under ingest follow
 * each other, the engines taking turns (SQLite's beside its baseline, then PostgreSQL's, STRETCHES times); then the
 * 20,000 machines on each.
 */
export async function runApiBench(
  options: ApiBenchOptions,
): Promise<{ sqlite?: ApiResult; postgres?: ApiPostgresResult }> {
  const engines = options.engines ?? ['sqlite'];
  const dbs: EngineDb[] = [];
  const stretches: Partial<Record<BenchEngine, Stretch[]>> = {};
  try {
    for (const engine of engines) dbs.push(await seedEngineDb(engine, options.rate, 24));
    for (let stretch = 0; stretch < STRETCHES; stretch++) {
      for (const db of dbs) {
        const measured = await underIngest(db, writeScenario(db, options.rate), options, MEASURE_MS);
        (stretches[db.engine] ??= []).push(measured);
      }
    }
  } finally {
    for (const db of dbs) await db.remove();
  }
  const loaded = {
    sqlite: stretches.sqlite && pooled(stretches.sqlite),
    postgres: stretches.postgres && pooled(stretches.postgres),
  };
  const result: { sqlite?: ApiResult; postgres?: ApiPostgresResult } = {};
  if (loaded.sqlite) {
    const large = await largeFleet('sqlite', options);
    result.sqlite = {
      engine: 'sqlite',
      ...figures(loaded.sqlite, large),
      baselineP50Ms: round(percentile(loaded.sqlite.base, 0.5)),
      baselineP99Ms: round(percentile(loaded.sqlite.base, 0.99)),
    };
  }
  if (loaded.postgres) {
    const large = await largeFleet('postgres', options);
    const sqliteP99 = result.sqlite?.p99Ms;
    const p99Ms = round(percentile(loaded.postgres.product, 0.99));
    result.postgres = {
      engine: 'postgres',
      ...figures(loaded.postgres, large),
      p99OfSqlite: sqliteP99 ? round(p99Ms / sqliteP99) : null,
    };
  }
  return result;
}
