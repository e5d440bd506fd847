import { ROLE } from '@console/contract/codes/roles';
import { demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import { eventually, freePort, runTs } from '../tests/fixtures/server-process.ts';
import { BENCH_PORTS, seedBenchDb, writeScenario, type BenchDb } from './lib/fleet.ts';
import { withFleet } from './lib/fleet-run.ts';
import {
  corePct,
  cpuSeconds,
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
}

export interface IngestResult {
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

/** The baseline: the same broker in a process with a subscriber that only counts telemetry. */
async function baseline(db: BenchDb, scenario: string, options: IngestBenchOptions) {
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

/** The product: the real server (broker, ingest, SQLite) with the same simulator on its embedded broker. */
async function product(db: BenchDb, scenario: string, options: IngestBenchOptions) {
  const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  return withFleet(
    db,
    { scenario, machines: options.machines, nodeArgs },
    async ({ server, sim, reader, maxId, firstId }) => {
      const lagsBetween = reader.sqlite
        .prepare('SELECT received_at - device_time FROM telemetry WHERE id > ? AND id <= ? ORDER BY 1')
        .pluck();
      // The server's own counters, through its ingest stats endpoint, as an operator reads them.
      const admin = reader.sqlite
        .prepare('SELECT id FROM users WHERE mobile = ?')
        .pluck()
        .get(demoAccount(ROLE.companyAdmin)) as number;
      const token = await createSession(reader.db, admin, 'console', '127.0.0.1', Date.now() + 3600_000);
      // A sample the busy server does not answer in time is left out (0), not guessed.
      const commitLagP99 = async () => {
        try {
          const response = await fetch(`${server.api}/ingest/stats.do`, { headers: { token } });
          const answer = (await response.json()) as { data: { lagMs: { p99: number } } };
          return answer.data.lagMs.p99;
        } catch {
          return 0;
        }
      };
      await sleep(WARM_UP_MS);
      const cpu0 = [cpuSeconds(server.child.pid), cpuSeconds(sim.child.pid)];
      const u0 = await simulatorReports(sim);
      const s0 = maxId();
      const t0 = Date.now();
      let commitLag = 0;
      while (Date.now() - t0 < options.seconds * 1000) {
        await sleep(Math.min(5000, options.seconds * 1000 - (Date.now() - t0)));
        commitLag = Math.max(commitLag, await commitLagP99());
      }
      const s1 = maxId();
      const wall = Date.now() - t0;
      const u1 = await simulatorReports(sim);
      const cpu1 = [cpuSeconds(server.child.pid), cpuSeconds(sim.child.pid)];
      const units = await pauseAndCount(sim);
      const last = await settled('the rows the server stores', maxId);
      const stored = last.value - firstId;
      const lags = lagsBetween.all(s0, s1) as number[];
      const unstored = Math.max(0, units.acked - stored);
      const serverBacklog = last.gaveUp ? unstored : 0;
      return {
        window: { sent: u1.sent - u0.sent, acked: u1.acked - u0.acked, stored: s1 - s0 },
        msgsPerSec: round((s1 - s0) / (wall / 1000)),
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
        settleGaveUp: last.gaveUp,
        lagP99Ms: lags.length ? lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.99))]! : 0,
        commitLagP99Ms: commitLag,
        cpuServer: corePct(cpu0[0]!, cpu1[0]!, wall),
        cpuSimulator: corePct(cpu0[1]!, cpu1[1]!, wall),
      };
    },
  );
}

/**
 * Simulated machines (the simulator's own code, in its own process) report every second through the broker to
 * the server's ingest and into SQLite, for `seconds`; then the same load on the same broker with a subscriber
 * that only counts. Nothing is hard-coded: every figure is counted in this run.
 */
export async function runIngestBench(options: IngestBenchOptions): Promise<IngestResult> {
  const db = await seedBenchDb(options.machines);
  try {
    const scenario = writeScenario(db, options.machines);
    const base = await baseline(db, scenario, options);
    const real = await product(db, scenario, options);
    return {
      machines: options.machines,
      seconds: options.seconds,
      online: real.online,
      connectS: real.connectS,
      baselineOnline: base.online,
      baselineConnectS: base.connectS,
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
      settleGaveUp: real.settleGaveUp,
      baselineSettleGaveUp: base.gaveUp,
      lagP99Ms: real.lagP99Ms,
      commitLagP99Ms: real.commitLagP99Ms,
      baselineMsgsPerSec: base.msgsPerSec,
      baselineSent: base.sent,
      baselineReceived: base.received,
      ratio: base.msgsPerSec > 0 ? round(real.msgsPerSec / base.msgsPerSec, 3) : 0,
      cpu: { server: real.cpuServer, simulator: real.cpuSimulator, baselineBroker: base.cpuBroker },
    };
  } finally {
    db.remove();
  }
}
