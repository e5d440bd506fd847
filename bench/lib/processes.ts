import { readFileSync } from 'node:fs';
import { simulatorClient, type SimulatorClient } from '../../tests/fixtures/simulator-client.ts';
import { eventually, freePort, runTs, type ChildRun } from '../../tests/fixtures/server-process.ts';
import { machineSocketBudget } from '@console/server/src/ingest/connection-limit';
import { BENCH_PORTS } from './fleet.ts';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** CPU seconds a process has used so far (user + system), read from /proc; null where there is no /proc. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/** Share of one core a process used between two readings of cpuSeconds(). */
export function corePct(before: number | null, after: number | null, wallMs: number): number | null {
  if (before === null || after === null) return null;
  return Math.round(((after - before) / (wallMs / 1000)) * 1000) / 10;
}

export interface SimulatorRun extends ChildRun {
  client: SimulatorClient;
  /** Machines on line when the run began: all of them, unless connecting stalled (an overloaded machine). */
  online: number;
  /**
   * From the process's start until every machine was on line (or connecting stalled), with the clock paused:
   * the machines connect before their first report, so none brings a backlog to a broker still connecting the
   * rest (a fleet reporting while it connects took minutes to come on line: decision 017).
   */
  connectMs: number;
}

/** How long connecting may make no progress before the run goes on with the machines on line. */
const STALLED_MS = 30_000;

/**
 * The simulator (simulator/src/main.ts) in a process of its own, so it does not share the event loop of what it
 * loads, driving the machines of a scenario file on a broker; resolved when all `machines` are on line, or when
 * connecting has made no progress for 30 s (the caller reports how many were on line), and its clock then runs.
 */
export async function startSimulatorProcess(options: {
  mqttUrl: string;
  scenario: string;
  machines: number;
  taken: number[];
  /** Node's own flags for the simulator (a CPU profile beside the server's). */
  nodeArgs?: string[];
}): Promise<SimulatorRun> {
  const simPort = await freePort(BENCH_PORTS, options.taken);
  const started = Date.now();
  const run = runTs(
    'simulator/src/main.ts',
    {
      MQTT_URL: options.mqttUrl,
      SIM_SCENARIO: options.scenario,
      SIM_PORT: String(simPort),
      HOST: '127.0.0.1',
      // Every machine keeps its connection (no visitors: the load is steady) as far as the open-files limit lets
      // the simulator and the server hold a socket each; beyond it machines visit (decision 008).
      SIM_MAX_CONNECTIONS: String(Math.max(1001, Math.min(options.machines + 10, machineSocketBudget() ?? Infinity))),
      SIM_PAUSED: '1',
    },
    options.nodeArgs,
  );
  const client = simulatorClient(`http://127.0.0.1:${simPort}`);
  let online = 0;
  let progressAt = Date.now();
  try {
    await eventually(
      `the simulator's machines to come on line`,
      async () => {
        if (run.child.exitCode !== null) throw new Error(`the simulator exited (${run.child.exitCode})`);
        const now = (await client.health().catch(() => null))?.machines.online ?? 0;
        if (now > online) [online, progressAt] = [now, Date.now()];
        return online >= options.machines || (online > 0 && Date.now() - progressAt > STALLED_MS);
      },
      600_000,
    );
  } catch (error) {
    await run.stop('SIGKILL');
    throw new Error(`${(error as Error).message}\n${run.output.join('').slice(-4000)}`, { cause: error });
  }
  const connectMs = Date.now() - started;
  await client.resume();
  return { ...run, client, online, connectMs };
}

/**
 * The simulator's reports so far: made by its machines (`sent`, since it started), acknowledged by the broker,
 * held by the units (stored, or in flight), and dropped by units whose storage overflowed (while they waited to
 * connect, or while the server held them back for longer than their storage lasts).
 */
export async function simulatorReports(sim: SimulatorRun) {
  // A busy simulator may drop an answer: ask again, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      const health = await sim.client.health();
      const { acked, held, dropped } = health.mqtt;
      return { sent: health.counters.reports, acked, held, dropped };
    } catch (error) {
      if (attempt === 3) throw error;
      await sleep(500);
    }
  }
}

/** Reports the simulator has sent so far (handed to its machines' connections). */
export async function reportsSent(sim: SimulatorRun): Promise<number> {
  return (await simulatorReports(sim)).sent;
}

/** How long the stored rows may stand still, short of every acknowledged report, before the rest counts as lost. */
export const REPORTS_STALLED_MS = 15_000;

export interface Settled {
  value: number;
  /** The counter still moved when the wait ran out: what it shows is not all that was under way. */
  gaveUp: boolean;
  waitedS: number;
}

/**
 * Wait until a counter has not moved for `quietMs`: what was under way has arrived; or, given the count that is
 * under way (`expected`), until it is reached, `quietMs` without a move then meaning it stalled. A wait that runs
 * out says so (on the console and in its answer), so a figure read from it is not taken for a final one.
 */
export async function settled(
  what: string,
  read: () => number | Promise<number>,
  quietMs = 3000,
  timeoutMs = 120_000,
  expected = Infinity,
): Promise<Settled> {
  const started = Date.now();
  let last = await read();
  let since = Date.now();
  const deadline = Date.now() + timeoutMs;
  while (last < expected && Date.now() - since < quietMs && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await read();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
  const gaveUp = last < expected && Date.now() - since < quietMs;
  const waitedS = Math.round((Date.now() - started) / 100) / 10;
  if (gaveUp) console.warn(`bench: gave up waiting for ${what} to settle after ${waitedS} s (still moving at ${last})`);
  return { value: last, gaveUp, waitedS };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
