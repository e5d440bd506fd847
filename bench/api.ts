import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLE } from '@console/contract/codes/roles';
import { deviceListQuery } from '@console/contract/http/devices';
import { openDb } from '@console/db/client';
import { demoAccount } from '@console/db/seed/accounts';
import { listDevices } from '@console/server/src/routes/device-list';
import { ScopedData } from '@console/server/src/lib/data';
import { createSession, findSessionUser } from '@console/server/src/lib/session';
import { eventually, freePort, runTs, startServerProcess } from '../tests/fixtures/server-process.ts';
import { BENCH_PORTS, seedBenchDb, writeScenario, type BenchDb } from './lib/fleet.ts';
import { sleep, startSimulatorProcess } from './lib/processes.ts';
import { dayInZone } from '@console/server/src/lib/time';

export interface ApiBenchOptions {
  /** Machines reporting every second while the list is asked for (messages per second). */
  rate: number;
  profileDir?: string;
}

export interface ApiResult {
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
  /** A minimal Hono + better-sqlite3 server running the same SQL on the same database, under the same ingest. */
  baselineP50Ms: number;
  baselineP99Ms: number;
  /** The same request on an idle server with 20,000 seeded machines (SEED_DEVICES=20000). */
  deviceList20kP95Ms: number;
  deviceList20kP99Ms: number;
}

/** A lessor's administrator looks for the aerial platforms on line, second page, most recent report first. */
const QUERY = { kind: 'aerialPlatform', status: '1', page: '2', pageSize: '20', sortField: 'lastReportAt' };
const ROLE_ASKING = ROLE.lessorAdmin;
const CONCURRENCY = 4;
const MEASURE_MS = 20_000;
const WARM_UP_REQUESTS = 50;
const SLICE_MS = 2_000;

const percentile = (sorted: number[], q: number) =>
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
 * arrears going out) instead of one getting the first stretch and the other the second.
 */
async function measureInTurns(product: Target, baseline: Target, ms: number) {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await Promise.all([ask(product), ask(baseline)]);
  const latencies = { product: [] as number[], baseline: [] as number[] };
  for (let turn = 0; turn < ms / SLICE_MS; turn++) {
    await load(product, SLICE_MS, latencies.product);
    await load(baseline, SLICE_MS, latencies.baseline);
  }
  return { product: latencies.product.sort((a, b) => a - b), base: latencies.baseline.sort((a, b) => a - b) };
}

/** A console session of the asking role, made in the database as a sign-in would. */
async function tokenFor(file: string): Promise<string> {
  const dbh = openDb(file, { migrate: false });
  const id = dbh.sqlite.prepare('SELECT id FROM users WHERE mobile = ?').pluck().get(demoAccount(ROLE_ASKING));
  const token = await createSession(dbh.db, id as number, 'console', '127.0.0.1', Date.now() + 3600_000);
  dbh.close();
  return token;
}

/** The SQL statements (with their parameters) the server's device list runs for this user and query. */
async function captureListSql(db: BenchDb, token: string): Promise<string> {
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

const listUrl = (api: string) => `${api}/device/list.do?${new URLSearchParams(QUERY)}`;

/** The device list on the real server while machines report, then on the baseline under the same load. */
async function underIngest(options: ApiBenchOptions) {
  const db = await seedBenchDb(options.rate, 24);
  const scenario = writeScenario(db, options.rate);
  const token = await tokenFor(db.file);
  const queries = await captureListSql(db, token);
  const server = await startServerProcess({
    dbFile: db.file,
    range: BENCH_PORTS,
    env: { WATCHDOG_S: '0' },
    nodeArgs: options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [],
  });
  const taken = [server.port, server.mqttPort];
  const baselinePort = await freePort(BENCH_PORTS, taken);
  const baseline = runTs('bench/baseline-api.ts', {
    BENCH_DB: db.file,
    BENCH_QUERIES: queries,
    BENCH_PORT: String(baselinePort),
  });
  try {
    await eventually('the baseline API', () => baseline.output.join('').includes('baseline listening'), 30_000);
    const sim = await startSimulatorProcess({
      mqttUrl: server.brokerUrl,
      scenario,
      machines: options.rate,
      taken: [...taken, baselinePort],
    });
    try {
      await sleep(5000);
      const reader = openDb(db.file, { migrate: false });
      const maxId = reader.sqlite.prepare('SELECT coalesce(max(id), 0) FROM telemetry').pluck();
      const s0 = maxId.get() as number;
      const t0 = Date.now();
      const { product, base } = await measureInTurns(
        { url: listUrl(server.api), headers: { token, timeZone: 'Asia/Shanghai' } },
        { url: listUrl(`http://127.0.0.1:${baselinePort}/api`), headers: {} },
        MEASURE_MS,
      );
      const ingestMsgsPerSec = Math.round(((maxId.get() as number) - s0) / ((Date.now() - t0) / 1000));
      reader.close();
      return { product, base, ingestMsgsPerSec, machines: db.machines.length, reporting: sim.online };
    } finally {
      await sim.stop();
    }
  } finally {
    await baseline.stop();
    await server.stop();
    db.remove();
  }
}

/** The same request on a server holding 20,000 machines. */
async function largeFleet(options: ApiBenchOptions) {
  const db = await seedBenchDb(20_000, 24);
  const token = await tokenFor(db.file);
  const server = await startServerProcess({
    dbFile: db.file,
    range: BENCH_PORTS,
    env: { WATCHDOG_S: '0' },
    nodeArgs: options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [],
  });
  try {
    return await measure({ url: listUrl(server.api), headers: { token, timeZone: 'Asia/Shanghai' } }, MEASURE_MS / 2);
  } finally {
    await server.stop();
    db.remove();
  }
}

export async function runApiBench(options: ApiBenchOptions): Promise<ApiResult> {
  const loaded = await underIngest(options);
  const large = await largeFleet(options);
  return {
    turnS: SLICE_MS / 1000,
    request: `GET /api/device/list.do?${new URLSearchParams(QUERY)} as role ${ROLE_ASKING}, ${CONCURRENCY} clients`,
    ingestMsgsPerSec: loaded.ingestMsgsPerSec,
    machines: loaded.machines,
    reporting: loaded.reporting,
    requests: loaded.product.length,
    p50Ms: round(percentile(loaded.product, 0.5)),
    p95Ms: round(percentile(loaded.product, 0.95)),
    p99Ms: round(percentile(loaded.product, 0.99)),
    baselineP50Ms: round(percentile(loaded.base, 0.5)),
    baselineP99Ms: round(percentile(loaded.base, 0.99)),
    deviceList20kP95Ms: round(percentile(large, 0.95)),
    deviceList20kP99Ms: round(percentile(large, 0.99)),
  };
}
