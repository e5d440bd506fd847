/**
 * `npm run bench -- retention-pass`: the device list while the retention job prunes a long history (issue 34, decision
 * 075). BENCH_RETENTION_PASS_MACHINES (20,000) machines with BENCH_RETENTION_PASS_DAYS (30) days of history, one report
 * with its position an hour each (14.4 million rows at the defaults: a pass deletes a bounded number of rows by id,
 * so its cost depends on the batch and the index's depth, not on how often the machines reported), the history taken
 * as already folded into buckets and daily work (their watermarks at its last id: the job prunes from its first run).
 * The server runs twice on the same database under the same ingest (the first BENCH_API_RATE, 5,000, machines
 * reporting every second, as the `api` part): first keeping raw rows 366 days (nothing to prune), then 7 days (the
 * job's passes delete the older 23 days, 40 batches of 5,000 rows a minute at most); the device list is asked in the
 * `api` part's turns over 70 s of each run (a pass at the start and one a minute later), and the rows pruned counted.
 * On each engine of BENCH_DB.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { KindData } from '@console/contract/mqtt/payloads';
import { storedData } from '@console/contract/mqtt/stored-data';
import type { Db } from '@console/db/client';
import { setRetention } from '@console/server/src/retention/settings';
import { startServerProcess } from '../tests/fixtures/server-process.ts';
import { listUrl, measureInTurns, percentile, tokenFor } from './api.ts';
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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MEASURE_MS = 70_000;
const SERVER_WIDE = 0;

export interface RetentionPassOptions {
  machines: number;
  days: number;
  /** Machines reporting every second during both runs. */
  rate: number;
  engines: BenchEngine[];
}

/** One run of the server: the device list's latencies, ingest's rate and the rows the job pruned meanwhile. */
export interface RetentionPassRun {
  rawDays: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  ingestMsgsPerSec: number;
  rowsPruned: number;
  load: number[];
}

export interface RetentionPassEngineResult {
  engine: BenchEngine;
  historyRows: number;
  historyWriteS: number;
  withoutPass: RetentionPassRun;
  duringPasses: RetentionPassRun;
  /** p99 during the passes over p99 without them. */
  p99Ratio: number;
}

export interface RetentionPassResult {
  machines: number;
  days: number;
  rate: number;
  engines: RetentionPassEngineResult[];
}

/** What every history row holds: a reading of an aerial platform at rest, stored as the product stores it. */
const READING: KindData = {
  kind: 'aerialPlatform',
  platformHeightM: 0,
  loadPct: 0,
  tiltDeg: 0.4,
  batteryV: 24.5,
  batteryPct: 92,
  driving: false,
  lifting: false,
  workingHours: 1200,
  faults: [],
};

/**
 * `days` of reports an hour for every machine, older first (ids grow with time, as ingest writes them), then every
 * watermark of the rollup and the buckets at the last id: the history counts as folded.
 */
async function writeHistory(db: Db, engine: BenchEngine, days: number, now: number): Promise<number> {
  const from = Math.floor((now - days * DAY) / HOUR) * HOUR;
  const to = now - HOUR;
  const data = storedData(READING);
  if (engine === 'postgres')
    await db.run(sql`insert into telemetry (device_id, device_time, received_at, data, lat, lng, speed, alarm_info)
      select d.id, t, t + 800, ${data}, 31.2304, 121.4737, 0, ''
      from generate_series(${from}::bigint, ${to}::bigint, ${HOUR}::bigint) t cross join devices d order by t, d.id`);
  else
    await db.run(sql`insert into telemetry (device_id, device_time, received_at, data, lat, lng, speed, alarm_info)
      with recursive h(t) as (select ${from} union all select t + ${HOUR} from h where t + ${HOUR} <= ${to})
      select d.id, h.t, h.t + 800, ${data}, 31.2304, 121.4737, 0, '' from h cross join devices d order by h.t, d.id`);
  const last = Number((await db.get<{ n: number }>(sql`select max(id) as n from telemetry`))!.n);
  for (const name of ['telemetry', 'track_points', 'buckets.telemetry', 'buckets.track_points'])
    await db.run(sql`insert into rollup_watermarks (name, last_id) values (${name}, ${last})
      on conflict (name) do update set last_id = excluded.last_id`);
  if (engine === 'postgres') await db.run(sql`vacuum analyze telemetry`);
  return Number((await db.get<{ n: number }>(sql`select count(*) as n from telemetry`))!.n);
}

const olderThan = async (db: Db, t: number) =>
  Number((await db.get<{ n: number }>(sql`select count(*) as n from telemetry where device_time < ${t}`))!.n);

/** The server on `db` keeping raw rows `rawDays`, under the simulator's ingest: the device list asked over 70 s. */
async function serverRun(
  db: EngineDb,
  scenario: string,
  rate: number,
  rawDays: number,
): Promise<Omit<RetentionPassRun, 'rowsPruned'>> {
  const reader = await openEngineDb(db);
  try {
    await setRetention(reader.db, SERVER_WIDE, { rawDays, bucketDays: 400 }, Date.now());
    const token = await tokenFor(db);
    const server = await startServerProcess({
      dbFile: db.file,
      range: BENCH_PORTS,
      env: { WATCHDOG_S: '0', ...engineEnv(db) },
      timeoutMs: db.engine === 'postgres' ? 180_000 : undefined,
    });
    try {
      const sim = await startSimulatorProcess({
        mqttUrl: server.brokerUrl,
        scenario,
        machines: rate,
        taken: [server.port, server.mqttPort],
      });
      try {
        await sleep(5000);
        const counter = telemetryCounter(reader.db, db.engine);
        const s0 = await counter.newest();
        const t0 = Date.now();
        const { product } = await measureInTurns(
          { url: listUrl(server.api), headers: { token, timeZone: 'Asia/Shanghai' } },
          null,
          MEASURE_MS,
        );
        const wall = Date.now() - t0;
        const load = loadavg().map((n) => Math.round(n * 100) / 100);
        const ingestMsgsPerSec = Math.round((await counter.between(s0, await counter.newest())) / (wall / 1000));
        const round = (n: number) => Math.round(n * 100) / 100;
        return {
          rawDays,
          requests: product.length,
          p50Ms: round(percentile(product, 0.5)),
          p95Ms: round(percentile(product, 0.95)),
          p99Ms: round(percentile(product, 0.99)),
          ingestMsgsPerSec,
          load,
        };
      } finally {
        await sim.stop();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await reader.close();
  }
}

async function onEngine(engine: BenchEngine, options: RetentionPassOptions): Promise<RetentionPassEngineResult> {
  const db = await seedEngineDb(engine, options.machines, 24);
  try {
    const writer = await openEngineDb(db);
    const started = Date.now();
    let historyRows: number;
    try {
      historyRows = await writeHistory(writer.db, engine, options.days, Date.now());
    } finally {
      await writer.close();
    }
    const historyWriteS = Math.round((Date.now() - started) / 100) / 10;
    const scenario = writeScenario(db, options.rate);
    const withoutPass = await runCounted(db, scenario, options.rate, 366);
    const duringPasses = await runCounted(db, scenario, options.rate, 7);
    const result = {
      engine,
      historyRows,
      historyWriteS,
      withoutPass,
      duringPasses,
      p99Ratio: Math.round((duringPasses.p99Ms / withoutPass.p99Ms) * 100) / 100,
    };
    console.log(`retention-pass ${engine}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await db.remove();
  }
}

/** A server run with the rows older than seven days counted before and after it (none arrive meanwhile). */
async function runCounted(db: EngineDb, scenario: string, rate: number, rawDays: number): Promise<RetentionPassRun> {
  const reader = await openEngineDb(db);
  const sevenDays = Date.now() - 7 * DAY;
  try {
    const before = await olderThan(reader.db, sevenDays);
    const run = await serverRun(db, scenario, rate, rawDays);
    return { ...run, rowsPruned: before - (await olderThan(reader.db, sevenDays)) };
  } finally {
    await reader.close();
  }
}

export async function runRetentionPassBench(options: RetentionPassOptions): Promise<RetentionPassResult> {
  const engines: RetentionPassEngineResult[] = [];
  for (const engine of options.engines) engines.push(await onEngine(engine, options));
  return { machines: options.machines, days: options.days, rate: options.rate, engines };
}
