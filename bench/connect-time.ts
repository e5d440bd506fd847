/**
 * `npx tsx bench/connect-time.ts`: how long CONNECT_MACHINES (12000) machines, each reporting every second, take
 * to be all on line, on the benchmark's baseline broker (the server's embedded aedes in a process of its own) or
 * with CONNECT_TARGET=server on the real server; CONNECT_LIMIT_S (400) stops waiting. A diagnostic for decision 017 beside `npm run bench -- ingest`:
 * it prints, every second, the machines on line, connecting, the connections made and failed so far, and at the
 * end one JSON line {machines, target, onlineS, online, connects, failures, lastError}.
 */
import { freePort, runTs } from '../tests/fixtures/server-process.ts';
import { simulatorClient } from '../tests/fixtures/simulator-client.ts';
import { startServerProcess } from '../tests/fixtures/server-process.ts';
import { ROLE } from '@console/contract/codes/roles';
import { openDb } from '@console/db/client';
import { demoAccount } from '@console/db/seed/accounts';
import { machineSocketBudget } from '@console/server/src/ingest/connection-limit';
import { createSession } from '@console/server/src/lib/session';
import { BENCH_PORTS, seedBenchDb, writeScenario } from './lib/fleet.ts';
import { corePct, cpuSeconds, sleep } from './lib/processes.ts';

const machines = Number(process.env.CONNECT_MACHINES ?? 12_000);
const target = process.env.CONNECT_TARGET === 'server' ? 'server' : 'baseline';
// CONNECT_REPORTING=1: the machines report from the start (each stores what it cannot send yet), as a fleet
// does after a broker's restart; otherwise they connect with the clock paused, as the benchmark's fleets do.
const reporting = process.env.CONNECT_REPORTING === '1';
const RESUME_S = Number(process.env.CONNECT_RESUME_S ?? 0);
const LIMIT_MS = Number(process.env.CONNECT_LIMIT_S ?? 400) * 1000;
// CONNECT_PROFILE=<dir>: CPU profiles of the broker's process and the simulator's (node --cpu-prof).
const profile = process.env.CONNECT_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CONNECT_PROFILE}`] : [];

const db = await seedBenchDb(machines);
// CONNECT_INTERVAL_S (1): each machine's report interval (the screens bench's fleet reports every 10 s).
const scenario = writeScenario(db, machines, Number(process.env.CONNECT_INTERVAL_S ?? 1));
const stops: (() => Promise<unknown>)[] = [];
try {
  let mqttUrl: string;
  let brokerPid: number | undefined;
  /** The server's ingest counters (received, stored, paused, buffered), as an operator reads them. */
  let ingestStats = async (): Promise<string> => '';
  const taken: number[] = [];
  if (target === 'server') {
    const server = await startServerProcess({
      dbFile: db.file,
      range: BENCH_PORTS,
      env: { WATCHDOG_S: '0' },
      nodeArgs: profile,
    });
    brokerPid = server.child.pid;
    // A server that dies under the fleet says why.
    server.child.once('exit', (code, signal) =>
      console.log(`server exited (${code ?? signal}):\n${server.output.join('').slice(-4000)}`),
    );
    const dbh = openDb(db.file, { migrate: false });
    const admin = dbh.sqlite
      .prepare('SELECT id FROM users WHERE mobile = ?')
      .pluck()
      .get(demoAccount(ROLE.companyAdmin));
    const token = await createSession(dbh.db, admin as number, 'console', '127.0.0.1', Date.now() + 3600_000);
    dbh.close();
    ingestStats = async () => {
      const asked = Date.now();
      const answer = await fetch(`${server.api}/ingest/stats.do`, { headers: { token } }).catch(() => null);
      const apiMs = Date.now() - asked;
      const data = ((await answer?.json().catch(() => null)) as { data?: Record<string, unknown> } | null)?.data;
      if (!data) return ', ingest: no answer';
      const { received, stored, paused, buffered, retried } = data;
      return `, ingest received ${received} stored ${stored} buffered ${buffered} paused ${paused} retried ${retried}, API answered in ${apiMs} ms`;
    };
    stops.push(() => server.stop());
    mqttUrl = server.brokerUrl;
    taken.push(server.port, server.mqttPort);
  } else {
    const mqttPort = await freePort(BENCH_PORTS);
    const broker = runTs('bench/baseline-broker.ts', { BENCH_DB: db.file, BENCH_MQTT_PORT: String(mqttPort) }, profile);
    brokerPid = broker.child.pid;
    stops.push(() => broker.stop());
    while (!broker.output.join('').includes('baseline subscribed')) await sleep(100);
    mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
    taken.push(mqttPort);
  }
  const simPort = await freePort(BENCH_PORTS, taken);
  const started = Date.now();
  const sim = runTs(
    'simulator/src/main.ts',
    {
      MQTT_URL: mqttUrl,
      SIM_SCENARIO: scenario,
      SIM_PORT: String(simPort),
      HOST: '127.0.0.1',
      // As the benchmark's fleets: resident as far as the open-files limit allows, the rest visiting.
      SIM_MAX_CONNECTIONS: String(Math.max(1001, Math.min(machines + 10, machineSocketBudget() ?? Infinity))),
      SIM_PAUSED: reporting ? '0' : '1',
    },
    profile,
  );
  stops.push(() => sim.stop());
  const client = simulatorClient(`http://127.0.0.1:${simPort}`);
  let last = { online: 0, connects: 0, failures: 0, lastError: null as string | null };
  let resumed = 0;
  // When the fleet is larger than the sockets allow, the machines over the budget only visit to report, so with the
  // clock paused they never come on line: the fleet has settled once the count stops growing for SETTLED_S.
  const SETTLED_S = 15;
  let grown = { online: 0, at: Date.now() };
  let cpu = [cpuSeconds(brokerPid), cpuSeconds(sim.child.pid)];
  let at = Date.now();
  while (Date.now() - started < LIMIT_MS) {
    await sleep(1000);
    const now = [cpuSeconds(brokerPid), cpuSeconds(sim.child.pid)];
    const share = now.map((c, i) => corePct(cpu[i]!, c, Date.now() - at));
    [cpu, at] = [now, Date.now()];
    const health = await client.health().catch(() => null);
    if (!health) continue;
    const { open, connecting, connects, failures, lastError } = health.mqtt;
    last = { online: health.machines.online, connects, failures, lastError };
    const s = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `${s} s: on line ${last.online}, open ${open}, connecting ${connecting}, made ${connects}, failed ${failures}, cpu % broker ${share[0]} simulator ${share[1]}${await ingestStats()}`,
    );
    if (last.online > grown.online) grown = { online: last.online, at: Date.now() };
    const settled = last.online > 0 && Date.now() - grown.at > SETTLED_S * 1000;
    if ((last.online >= machines || settled) && !resumed) {
      if (RESUME_S === 0) break;
      // CONNECT_RESUME_S: then the fleet reports (its clock runs) for that long, still watched each second.
      resumed = Date.now();
      await client.resume();
    }
    if (resumed && Date.now() - resumed > RESUME_S * 1000) break;
  }
  const onlineS = Math.round(((resumed || Date.now()) - started) / 100) / 10;
  console.log(JSON.stringify({ machines, target, reporting, onlineS, ...last }));
} finally {
  for (const stop of stops.reverse()) await stop();
  db.remove();
}
