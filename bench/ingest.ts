import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import type { IngestStatsView } from '@console/contract/http/ingest';
import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import { eventually, freePort, runTs } from '../tests/fixtures/server-process.ts';
import { BENCH_PORTS, seedEngineDb, writeScenario, type BenchEngine, type EngineDb } from './lib/fleet.ts';
import { withEngineFleet } from './lib/fleet-run.ts';
import {
  corePct,
  cpuSeconds,
  REPORTS_STALLED_MS,
  settled,
  simulatorReports,
  sleep,
  startSimulatorProcess,
  type SimulatorRun,
} from './lib/processes.ts';

export interface IngestBenchOptions {
  /** Simulated machines, each reporting every second. */
  machines: number;
  /** The measured window (s), after every machine is on line and a warm-up. */
  seconds: number;
  /** Write a CPU profile of the server (node --cpu-prof) into this directory. */
  profileDir?: string;
  /** The engines the product is measured on (BENCH_DB), one after the other; SQLite's run has the baseline. */
  engines?: BenchEngine[];
}

export interface IngestResult {
  engine: 'sqlite';
  machines: number;
  seconds: number;
  /** Machines on line during the window, and how long they took to connect (s), with the server and the baseline. */
  online: number;
  connectS: number;
  baselineOnline: number;
  baselineConnectS: number;
  /** Telemetry rows committed per second in the window. */
  msgsPerSec: number;
  /**
   * Within the measured window: reports the machines made, the broker acknowledged, and rows the server stored.
   * They differ by what was under way at the window's edges; the whole run's counts below add up.
   */
  window: { sent: number; acked: number; stored: number };
  /**
   * The whole run, from the fleet's first report (its clock starts once every machine is on line) until
   * everything under way arrived or the wait gave up: made, acknowledged by the broker, and stored.
   * sent = stored + droppedBeforeConnect + queuedAtEnd + lost (a report sent again after a lost acknowledgement
   * is stored twice, so stored may exceed acked by that much).
   */
  sent: number;
  acked: number;
  stored: number;
  /** Reports units dropped: their storage overflowed (a unit waiting to connect, or held back too long). */
  droppedBeforeConnect: number;
  /** queuedAtEnd = heldByUnitsAtEnd + serverBacklogAtEnd. */
  queuedAtEnd: number;
  /** Still stored or in flight in the units when the wait ended. */
  heldByUnitsAtEnd: number;
  /** Acknowledged and not yet stored when the wait gave up (the server's backlog); 0 when it settled. */
  serverBacklogAtEnd: number;
  /** Acknowledged to a machine and never stored (the target is 0); 0 when the wait gave up (see queuedAtEnd). */
  lost: number;
  /**
   * The server's own counters once the wait ended (its ingest statistics, since it started): messages that came
   * through its subscription, those written, the machines' acknowledgements of commands (not stored as reports),
   * refused by reason, and lost to a failed write. They tell a refusal, a loss and a count the bench got wrong
   * apart; null when the busy server did not answer.
   */
  server: Pick<IngestStatsView, 'received' | 'stored' | 'acks' | 'rejected' | 'failed'> | null;
  /** The wait for the server to store what was under way ran out (120 s): the counts above are not final. */
  settleGaveUp: boolean;
  /** The same for the baseline's subscriber. */
  baselineSettleGaveUp: boolean;
  /** Device time to receive time of the window's rows (simulator and server share this machine's clock). */
  lagP99Ms: number;
  /** Receive to commit, the server's own figure (p99 of its latest 4,096 messages, worst of the samples). */
  commitLagP99Ms: number;
  /** The same simulator on the same broker with a subscriber that only counts. */
  baselineMsgsPerSec: number;
  baselineSent: number;
  baselineReceived: number;
  ratio: number;
  /** Share of one core used in the window. */
  cpu: { server: number | null; simulator: number | null; baselineBroker: number | null };
  /** The host's load averages (1, 5, 15 min) when the product's window ended. */
  load: number[];
}

/**
 * The product on PostgreSQL (the server given DATABASE_URL to a database of its own, seeded as SQLite's), measured
 * as on SQLite, without the baseline: its target is absolute (TARGETS.ingestPgMsgsPerSec, nothing lost).
 */
export interface IngestPostgresResult extends Omit<
  IngestResult,
  | 'engine'
  | 'baselineOnline'
  | 'baselineConnectS'
  | 'baselineSettleGaveUp'
  | 'baselineMsgsPerSec'
  | 'baselineSent'
  | 'baselineReceived'
  | 'ratio'
  | 'cpu'
> {
  engine: 'postgres';
  /**
   * Share of one core used in the window: the server, the simulator, and PostgreSQL's backends serving the bench's
   * database (those connected through the whole window: the server's pools; its background writers are not counted).
   */
  cpu: { server: number | null; simulator: number | null; database: number | null };
}

const WARM_UP_MS = 5000;

/** Stop the simulated clock; a paused fleet still sends what was already due, so count once that has gone. */
async function pauseAndCount(sim: SimulatorRun) {
  await sim.client.pause();
  await settled('the reports the simulator makes', async () => (await simulatorReports(sim)).sent);
  // Then what the units still hold goes out (they send it as the broker acknowledges).
  await settled('the reports the units hold', async () => (await simulatorReports(sim)).held);
  return simulatorReports(sim);
}
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** CPU seconds of each PostgreSQL backend connected to the database `db` reads, by process id. */
async function backendsCpu(db: Db): Promise<Map<number, number | null>> {
  const rows = await db.all<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return new Map(rows.map(({ pid }) => [Number(pid), cpuSeconds(Number(pid))]));
}

/** Share of one core the backends connected at both readings used between them. */
function backendsCorePct(before: Map<number, number | null>, after: Map<number, number | null>, wallMs: number) {
  let used = 0;
  for (const [pid, end] of after) {
    const start = before.get(pid);
    if (start === undefined || start === null || end === null) continue;
    used += end - start;
  }
  return after.size ? corePct(0, used, wallMs) : null;
}

/** The baseline: the same broker in a process with a subscriber that only counts telemetry. */
async function baseline(db: EngineDb, scenario: string, options: IngestBenchOptions) {
  const mqttPort = await freePort(BENCH_PORTS);
  const broker = runTs('bench/baseline-broker.ts', { BENCH_DB: db.file, BENCH_MQTT_PORT: String(mqttPort) });
  const counted = () => {
    const last = broker.output
      .join('')
      .trimEnd()
      .split('\n')
      .findLast((l) => l.startsWith('telemetry '));
    return last ? Number(last.slice('telemetry '.length)) : 0;
  };
  try {
    await eventually('the baseline broker', () => broker.output.join('').includes('baseline subscribed'), 30_000);
    const sim = await startSimulatorProcess({
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      scenario,
      machines: options.machines,
      taken: [mqttPort],
    });
    try {
      await sleep(WARM_UP_MS);
      const cpu0 = [cpuSeconds(broker.child.pid), cpuSeconds(sim.child.pid)];
      const c0 = counted();
      const t0 = Date.now();
      await sleep(options.seconds * 1000);
      const c1 = counted();
      const wall = Date.now() - t0;
      const cpu1 = [cpuSeconds(broker.child.pid), cpuSeconds(sim.child.pid)];
      const { sent } = await pauseAndCount(sim);
      const counter = await settled('the baseline subscriber', counted);
      const received = counter.value;
      return {
        gaveUp: counter.gaveUp,
        msgsPerSec: round((c1 - c0) / (wall / 1000)),
        online: sim.online,
        connectS: round(sim.connectMs / 1000, 1),
        sent,
        received,
        cpuBroker: corePct(cpu0[0]!, cpu1[0]!, wall),
        cpuSimulator: corePct(cpu0[1]!, cpu1[1]!, wall),
      };
    } finally {
      await sim.stop();
    }
  } finally {
    await broker.stop();
  }
}

/**
 * The product: the real server (broker, ingest, and SQLite, or PostgreSQL through DATABASE_URL) with the same
 * simulator on its embedded broker.
 */
async function product(db: EngineDb, scenario: string, options: IngestBenchOptions) {
  const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  return withEngineFleet(
    db,
    { scenario, machines: options.machines, nodeArgs },
    async ({ server, sim, reader, newestId, storedBetween, firstId }) => {
      const lagsBetween = async (after: number, upTo: number) =>
        (
          await reader.db.all<{ lag: number }>(
            sql`select received_at - device_time as lag from telemetry where id > ${after} and id <= ${upTo} order by 1`,
          )
        ).map((r) => Number(r.lag));
      // The server's own counters, through its ingest stats endpoint, as an operator reads them.
      const admin = await reader.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobile, demoAccount(ROLE.companyAdmin)))
        .get();
      const token = await createSession(reader.db, admin!.id, 'console', '127.0.0.1', Date.now() + 3600_000);
      // A sample the busy server does not answer in time is left out (null), not guessed.
      const serverStats = async () => {
        try {
          const response = await fetch(`${server.api}/ingest/stats.do`, { headers: { token } });
          return ((await response.json()) as { data: IngestStatsView }).data;
        } catch {
          return null;
        }
      };
      const backends = () => (db.engine === 'postgres' ? backendsCpu(reader.db) : Promise.resolve(null));
      await sleep(WARM_UP_MS);
      const cpu0 = [cpuSeconds(server.child.pid), cpuSeconds(sim.child.pid)];
      const db0 = await backends();
      const u0 = await simulatorReports(sim);
      const s0 = await newestId();
      const t0 = Date.now();
      let commitLag = 0;
      while (Date.now() - t0 < options.seconds * 1000) {
        await sleep(Math.min(5000, options.seconds * 1000 - (Date.now() - t0)));
        commitLag = Math.max(commitLag, (await serverStats())?.lagMs.p99 ?? 0);
      }
      const s1 = await newestId();
      const wall = Date.now() - t0;
      const u1 = await simulatorReports(sim);
      const cpu1 = [cpuSeconds(server.child.pid), cpuSeconds(sim.child.pid)];
      const db1 = await backends();
      const load = loadavg().map((n) => round(n, 2));
      const units = await pauseAndCount(sim);
      // The broker acknowledges a report as it takes it, before ingest does (MQTT's QoS 1): what the machines were
      // told is taken may still wait in the broker, behind a commit that stalls for seconds. So the wait is for
      // every acknowledged report to be stored; only a count that stands still for REPORTS_STALLED_MS counts as lost.
      const storedNow = async () => storedBetween(firstId, await newestId());
      const last = await settled('the rows the server stores', storedNow, REPORTS_STALLED_MS, 120_000, units.acked);
      // The server counts a batch once it has told everything else about it: its counters may lag the rows a moment.
      await settled("the server's count of what it stored", async () => (await serverStats())?.stored ?? 0);
      const counters = await serverStats();
      const stored = last.value;
      const inWindow = await storedBetween(s0, s1);
      const lags = await lagsBetween(s0, s1);
      const unstored = Math.max(0, units.acked - stored);
      const serverBacklog = last.gaveUp ? unstored : 0;
      return {
        window: { sent: u1.sent - u0.sent, acked: u1.acked - u0.acked, stored: inWindow },
        msgsPerSec: round(inWindow / (wall / 1000)),
        online: sim.online,
        connectS: round(sim.connectMs / 1000, 1),
        sent: units.sent,
        acked: units.acked,
        stored,
        droppedBeforeConnect: units.dropped,
        queuedAtEnd: units.held + serverBacklog,
        heldByUnitsAtEnd: units.held,
        serverBacklogAtEnd: serverBacklog,
        lost: last.gaveUp ? 0 : unstored,
        server: counters && {
          received: counters.received,
          stored: counters.stored,
          acks: counters.acks,
          rejected: counters.rejected,
          failed: counters.failed,
        },
        settleGaveUp: last.gaveUp,
        lagP99Ms: lags.length ? lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.99))]! : 0,
        commitLagP99Ms: commitLag,
        cpuServer: corePct(cpu0[0]!, cpu1[0]!, wall),
        cpuSimulator: corePct(cpu0[1]!, cpu1[1]!, wall),
        cpuDatabase: db0 && db1 ? backendsCorePct(db0, db1, wall) : null,
        load,
      };
    },
  );
}

/** The product's figures common to both engines. */
function productFigures(real: Awaited<ReturnType<typeof product>>, options: IngestBenchOptions) {
  return {
    machines: options.machines,
    seconds: options.seconds,
    online: real.online,
    connectS: real.connectS,
    msgsPerSec: real.msgsPerSec,
    window: real.window,
    sent: real.sent,
    acked: real.acked,
    stored: real.stored,
    droppedBeforeConnect: real.droppedBeforeConnect,
    queuedAtEnd: real.queuedAtEnd,
    heldByUnitsAtEnd: real.heldByUnitsAtEnd,
    serverBacklogAtEnd: real.serverBacklogAtEnd,
    lost: real.lost,
    server: real.server,
    settleGaveUp: real.settleGaveUp,
    lagP99Ms: real.lagP99Ms,
    commitLagP99Ms: real.commitLagP99Ms,
    load: real.load,
  };
}

/**
 * Simulated machines (the simulator's own code, in its own process) report every second through the broker to
 * the server's ingest and into SQLite, for `seconds`; then the same load on the same broker with a subscriber
 * that only counts. Nothing is hard-coded: every figure is counted in this run.
 */
async function onSqlite(options: IngestBenchOptions): Promise<IngestResult> {
  const db = await seedEngineDb('sqlite', options.machines);
  try {
    const scenario = writeScenario(db, options.machines);
    const base = await baseline(db, scenario, options);
    const real = await product(db, scenario, options);
    return {
      engine: 'sqlite',
      ...productFigures(real, options),
      baselineOnline: base.online,
      baselineConnectS: base.connectS,
      baselineSettleGaveUp: base.gaveUp,
      baselineMsgsPerSec: base.msgsPerSec,
      baselineSent: base.sent,
      baselineReceived: base.received,
      ratio: base.msgsPerSec > 0 ? round(real.msgsPerSec / base.msgsPerSec, 3) : 0,
      cpu: { server: real.cpuServer, simulator: real.cpuSimulator, baselineBroker: base.cpuBroker },
    };
  } finally {
    await db.remove();
  }
}

/** The same machines and the same load on the product on PostgreSQL, on a database of its own dropped after. */
async function onPostgres(options: IngestBenchOptions): Promise<IngestPostgresResult> {
  const db = await seedEngineDb('postgres', options.machines);
  try {
    const real = await product(db, writeScenario(db, options.machines), options);
    return {
      engine: 'postgres',
      ...productFigures(real, options),
      cpu: { server: real.cpuServer, simulator: real.cpuSimulator, database: real.cpuDatabase },
    };
  } finally {
    await db.remove();
  }
}

/** The product on each engine asked for, one after the other (SQLite first, beside its baseline). */
export async function runIngestBench(
  options: IngestBenchOptions,
): Promise<{ sqlite?: IngestResult; postgres?: IngestPostgresResult }> {
  const engines = options.engines ?? ['sqlite'];
  const sqlite = engines.includes('sqlite') ? await onSqlite(options) : undefined;
  const postgres = engines.includes('postgres') ? await onPostgres(options) : undefined;
  return { sqlite, postgres };
}
