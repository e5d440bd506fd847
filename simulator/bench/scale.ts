/**
 * How many machines one simulator process drives (docs/decisions/008-simulator.md). Not a test: run it by hand,
 *   npx tsx simulator/bench/scale.ts [machines=20000] [seconds=60] [maxConnections=16000]
 * against BENCH_MQTT_URL, or by default a private Mosquitto it starts on port 18301 (without authentication:
 * the broker's cost is not what is measured here). Reports start-up time, the simulator's CPU and memory,
 * the report rate, and whether a subscriber received every report.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { connectAsync } from 'mqtt';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { SimClock } from '../src/clock.ts';
import { Fleet } from '../src/fleet/fleet.ts';
import { machineSpec } from '../src/fleet/spec.ts';
import { MqttTransport } from '../src/mqtt/mqtt-transport.ts';

const [machines = 20_000, seconds = 60, maxConnections = 16_000] = process.argv.slice(2).map(Number);
const PORT = 18301;

async function broker(): Promise<{ url: string; stop: () => void }> {
  if (process.env.BENCH_MQTT_URL) return { url: process.env.BENCH_MQTT_URL, stop: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'sim-bench-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${PORT} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n`);
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  process.once('exit', () => child.kill('SIGTERM'));
  await new Promise((r) => setTimeout(r, 500));
  return { url: `mqtt://127.0.0.1:${PORT}`, stop: () => child.kill('SIGTERM') };
}

const { url, stop } = await broker();
// A subscriber that only counts what arrives, to tell sent from delivered.
const counter = await connectAsync(url, { clientId: `bench-counter-${process.pid}`, reconnectPeriod: 0 });
let delivered = 0;
counter.on('message', () => delivered++);
await counter.subscribeAsync('dev/+/up/telemetry', { qos: 0 });

const clock = new SimClock();
const connectConcurrency = Number(process.env.BENCH_CONCURRENCY ?? 64);
const transport = new MqttTransport({
  url,
  fleetSecret: 'bench-fleet-secret',
  maxConnections,
  connectConcurrency,
  log: console.log,
});
const lag = monitorEventLoopDelay({ resolution: 20 });
const fleet = new Fleet({ clock, transport, seed: 1 });
const specs = Array.from({ length: machines }, (_, i) =>
  machineSpec.parse({
    serial: `BENCH${String(i).padStart(6, '0')}`,
    kind: MACHINE_KINDS[i % MACHINE_KINDS.length],
    lat: 31.2 + (i % 100) / 1000,
    lng: 121.4 + Math.floor(i / 100) / 10_000,
  }),
);

const cpu0 = process.cpuUsage();
const t0 = Date.now();
clock.start();
fleet.load(specs);
while ((fleet.summary().online < machines * 0.99 || fleet.summary().connecting > 0) && Date.now() - t0 < 300_000)
  await new Promise((r) => setTimeout(r, 100));
const startupMs = Date.now() - t0;
const startupCpu = process.cpuUsage(cpu0);

// Settle for one report interval, then measure a steady window.
await new Promise((r) => setTimeout(r, 10_000));
lag.enable();
const before = {
  cpu: process.cpuUsage(),
  at: Date.now(),
  reports: fleet.counters.reports,
  delivered,
  connects: transport.counts.connects,
};
await new Promise((r) => setTimeout(r, seconds * 1000));
const cpu = process.cpuUsage(before.cpu);
const wall = Date.now() - before.at;
const sent = fleet.counters.reports - before.reports;
// Stop reporting and let what is under way (and what visitors store) arrive: then every report should be there.
clock.pause();
await new Promise((r) => setTimeout(r, 35_000));
const stats = transport.stats();
console.log(
  JSON.stringify(
    {
      machines,
      maxConnections,
      startup: {
        ms: startupMs,
        online: fleet.summary().online,
        cpuMs: Math.round((startupCpu.user + startupCpu.system) / 1000),
      },
      steady: {
        seconds: Math.round(wall / 1000),
        reportsPerSec: Math.round(sent / (wall / 1000)),
        deliveredPerSec: Math.round((delivered - before.delivered) / (wall / 1000)),
        cpuPct: Math.round(((cpu.user + cpu.system) / 1000 / wall) * 1000) / 10,
        connectsPerSec: Math.round((transport.counts.connects - before.connects) / (wall / 1000)),
        eventLoopLagP99Ms: Math.round(lag.percentile(99) / 1e6),
        rssMb: Math.round(process.memoryUsage().rss / 1e6),
        heapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
      },
      total: {
        reportsSent: fleet.counters.reports,
        delivered,
        lost: fleet.counters.reports - delivered,
        droppedStored: transport.counts.dropped,
      },
      sockets: {
        open: stats.open,
        resident: stats.resident,
        visitors: stats.visitors,
        failures: stats.failures,
        lastError: stats.lastError,
      },
      summary: fleet.summary(),
    },
    null,
    2,
  ),
);
await fleet.stop();
await counter.endAsync(true);
stop();
process.exit(0);
