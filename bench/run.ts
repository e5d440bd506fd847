/**
 * `npm run bench [-- ingest|api|alarm|overload|map|billing|screens|web|aemp|availability|retention|retention-pass ...]`: measures the product against a baseline on this machine
 * and writes bench/report.json and bench/report.md (not committed: they describe one machine at one time). Not
 * part of `npm test`. With the figures it records the machine: its speed reference (bench/store-cost.ts), and
 * its load and CPU use (busy, steal) before and during each part, with a warning when the machine was not quiet.
 * Settings (environment):
 *   BENCH_DB (sqlite; postgres, both): the engines the ingest and API runs measure the product on, one after the
 *   other in the same run; on PostgreSQL each run has a fresh database of its own on the tests' server (PG_URL, by
 *   default 127.0.0.1:5432), seeded as SQLite's and dropped at the end (bench/lib/fleet.ts);
 *   BENCH_MACHINES (12000), BENCH_SECONDS (60): the ingest run; BENCH_API_RATE (5000): machines reporting each
 *   second during the API run; BENCH_ALARM_RATE (5000), BENCH_ALARM_SAMPLES (20): the alarm run;
 *   BENCH_OVERLOAD_MACHINES (12000), BENCH_OVERLOAD_SECONDS (60), BENCH_OVERLOAD_THROTTLE (0: share of the time
 *   the server is stopped, to emulate a slower machine): the overload run;
 *   BENCH_BILLING_MACHINES (20000): machines on lease billed for a month (bench/billing.ts);
 *   BENCH_AVAILABILITY_MACHINES (2000): machines of one store on the availability calendar (bench/availability.ts),
 *   BENCH_AVAILABILITY_BROWSER (1; 0: the API only): its page drawn in Chromium too, BENCH_WEB_RUNS loads;
 *   BENCH_RETENTION_MACHINES (200), BENCH_RETENTION_HOURS (3): telemetry's storage a report with and without
 *   retention, on SQLite and PostgreSQL (bench/retention.ts; RETENTION_PG names the PostgreSQL server or `off`);
 *   BENCH_RETENTION_PASS_MACHINES (20000), BENCH_RETENTION_PASS_DAYS (30): the device list while the retention job
 *   prunes that history, on the engines of BENCH_DB (bench/retention-pass.ts);
 *   BENCH_SCREEN_MACHINES (20000), BENCH_SCREEN_INTERVAL_S (10), BENCH_SCREEN_MINUTE_S (60): /bigScreen's machines,
 *   their report interval and the length of a simulated minute (bench/screens.ts); BENCH_WEB_DIST (web/dist): the built
 *   console the screens part serves (a copy keeps a build beside the run from changing it), and the build the `web`
 *   part measures instead of building one (two builds compared against one baseline);
 *   BENCH_WEB_RUNS (3): loads of each page in the `web` part (bench/web.ts), the median reported;
 *   BENCH_PROFILE=1: CPU profiles of the servers into bench/profiles.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { runAlarmBench, type AlarmResult } from './alarm.ts';
import { runBillingBench, type BillingBenchResult } from './billing.ts';
import { runAempBench, type AempBenchResult } from './aemp.ts';
import { runAvailabilityBench, type AvailabilityBenchResult } from './availability.ts';
import type { RetentionBenchResult } from './retention.ts';
import type { RetentionPassResult } from './retention-pass.ts';
import { runApiBench, type ApiPostgresResult, type ApiResult } from './api.ts';
import { runIngestBench, type IngestPostgresResult, type IngestResult } from './ingest.ts';
import { benchEngines, pgServerSettings } from './lib/fleet.ts';
import {
  cpuShareBetween,
  noisiness,
  readCpuTimes,
  sampleMachine,
  speedReference,
  type CpuShare,
  type SpeedReference,
} from './lib/machine.ts';
import { runOverloadBench, type OverloadResult } from './overload.ts';
import type { MapBenchResult } from './map.ts';
import type { ScreensBenchResult } from './screens.ts';
import type { WebBenchResult } from './web.ts';
import { renderReport } from './report.ts';

const PARTS = [
  'ingest',
  'api',
  'alarm',
  'overload',
  'map',
  'billing',
  'screens',
  'web',
  'aemp',
  'availability',
  'retention',
  'retention-pass',
] as const;
type Part = (typeof PARTS)[number];

export interface BenchReport {
  machine: {
    at: string;
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    /** Ingest's own work per report here (bench/store-cost.ts): figures compare across machines beside it. */
    reference: SpeedReference | null;
    /** The machine before anything ran (3 s): load average, CPU busy and stolen. */
    before: { load: number[]; cpu: CpuShare | null };
    /** The PostgreSQL server measured on (BENCH_DB postgres or both): its version and settings. */
    postgres?: string;
  };
  /**
   * Load average (1, 5, 15 min) before and after each part, and the CPU's use during it (busy includes the
   * bench's own processes; steal is what the hypervisor took): other work depresses the figures.
   */
  load: Partial<Record<Part, { before: number[]; after: number[]; cpu: CpuShare | null }>>;
  /** Why the figures may not be reproducible: the machine was not quiet, a wait gave up. */
  warnings: string[];
  /** The product on SQLite, beside its baseline (BENCH_DB sqlite or both). */
  ingest?: IngestResult;
  /** The product on PostgreSQL (BENCH_DB postgres or both). */
  ingestPostgres?: IngestPostgresResult;
  api?: ApiResult;
  apiPostgres?: ApiPostgresResult;
  alarm?: AlarmResult;
  overload?: OverloadResult;
  map?: MapBenchResult;
  billing?: BillingBenchResult;
  screens?: ScreensBenchResult;
  web?: WebBenchResult;
  aemp?: AempBenchResult;
  availability?: AvailabilityBenchResult;
  retention?: RetentionBenchResult;
  retentionPass?: RetentionPassResult;
}

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const asked = process.argv.slice(2).filter((a) => a !== '--');
const unknown = asked.filter((a) => !(PARTS as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`unknown part ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
  process.exit(2);
}
const parts: Part[] = asked.length > 0 ? (asked as Part[]) : [...PARTS];
const engines = benchEngines(process.env.BENCH_DB || 'sqlite') ?? [];
if (engines.length === 0) {
  console.error(`BENCH_DB must be sqlite, postgres or both, not ${process.env.BENCH_DB}`);
  process.exit(2);
}
const here = import.meta.dirname;
const profileDir = process.env.BENCH_PROFILE === '1' ? join(here, 'profiles') : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });

const warnings: string[] = [];
const warn = (message: string) => {
  warnings.push(message);
  console.warn(`bench: ${message}`);
};

// Quiet first: what else runs here now, then this machine's speed reference.
const quiet = await sampleMachine();
for (const w of noisiness(quiet, 'before the run')) warn(`${w}: the figures will be lower than this machine gives`);
console.log('bench: measuring the speed reference (bench/store-cost.ts)');
const reference = await speedReference().catch((error: Error) => {
  warn(`no speed reference: ${error.message.slice(0, 300)}`);
  return null;
});
if (reference) {
  console.log(`bench: reference validate ${reference.validateUs} µs, write ${reference.writeUs} µs a report`);
}

const report: BenchReport = {
  machine: {
    at: new Date().toISOString(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    memoryGb: Math.round(totalmem() / 1e9),
    node: process.version,
    reference,
    before: quiet,
    postgres: engines.includes('postgres') ? await pgServerSettings() : undefined,
  },
  load: {},
  warnings,
};

async function runPart(part: Part): Promise<void> {
  const { load: before } = await sampleMachine(1000);
  const cpuBefore = readCpuTimes();
  console.log(`bench ${part}: starting (load ${before.join(' ')})`);
  if (part === 'ingest') {
    const ingest = await runIngestBench({
      machines: number('BENCH_MACHINES', 12_000),
      seconds: number('BENCH_SECONDS', 60),
      profileDir,
      engines,
    });
    [report.ingest, report.ingestPostgres] = [ingest.sqlite, ingest.postgres];
  } else if (part === 'api') {
    const api = await runApiBench({ rate: number('BENCH_API_RATE', 5000), profileDir, engines });
    [report.api, report.apiPostgres] = [api.sqlite, api.postgres];
  } else if (part === 'overload') {
    report.overload = await runOverloadBench({
      machines: number('BENCH_OVERLOAD_MACHINES', 12_000),
      seconds: number('BENCH_OVERLOAD_SECONDS', 60),
      throttle: Number(process.env.BENCH_OVERLOAD_THROTTLE ?? 0),
    });
    const o = report.overload;
    if (o.factor < 1.7) {
      warn(
        `overload: the fleet offered only ${o.factor}x what the server stored; raise BENCH_OVERLOAD_MACHINES or ` +
          `BENCH_OVERLOAD_THROTTLE (e.g. 0.5) for about 2x`,
      );
    }
  } else if (part === 'alarm') {
    report.alarm = await runAlarmBench({
      rate: number('BENCH_ALARM_RATE', 5000),
      samples: number('BENCH_ALARM_SAMPLES', 20),
    });
  } else if (part === 'aemp') {
    report.aemp = await runAempBench({
      machines: number('BENCH_AEMP_MACHINES', 20_000),
      seconds: number('BENCH_AEMP_SECONDS', 10),
    });
  } else if (part === 'availability') {
    report.availability = await runAvailabilityBench({
      machines: number('BENCH_AVAILABILITY_MACHINES', 2000),
      browser: process.env.BENCH_AVAILABILITY_BROWSER !== '0',
      runs: number('BENCH_WEB_RUNS', 3),
      profileDir,
    });
  } else if (part === 'retention') {
    // Imported on demand: it measures at load when run by itself, and reaches PostgreSQL.
    const { runRetentionBench } = await import('./retention.ts');
    report.retention = await runRetentionBench({
      machines: number('BENCH_RETENTION_MACHINES', 200),
      hours: number('BENCH_RETENTION_HOURS', 3),
    });
  } else if (part === 'retention-pass') {
    const { runRetentionPassBench } = await import('./retention-pass.ts');
    report.retentionPass = await runRetentionPassBench({
      machines: number('BENCH_RETENTION_PASS_MACHINES', 20_000),
      days: number('BENCH_RETENTION_PASS_DAYS', 30),
      rate: number('BENCH_API_RATE', 5000),
      engines,
    });
  } else if (part === 'billing') {
    report.billing = await runBillingBench({ machines: number('BENCH_BILLING_MACHINES', 20_000) });
  } else if (part === 'screens') {
    // Imported on demand, as the map: it drives a browser.
    const { runScreensBench } = await import('./screens.ts');
    report.screens = await runScreensBench({
      machines: number('BENCH_SCREEN_MACHINES', 20_000),
      reportIntervalS: number('BENCH_SCREEN_INTERVAL_S', 10),
      minuteS: number('BENCH_SCREEN_MINUTE_S', 60),
      profileDir,
    });
  } else if (part === 'web') {
    // Imported on demand, as the map: it builds with vite and drives a browser.
    const { runWebBench } = await import('./web.ts');
    report.web = await runWebBench({ runs: number('BENCH_WEB_RUNS', 3) });
  } else {
    // Imported on demand: it loads vite and a browser, which the other parts do not need.
    const { runMapBench } = await import('./map.ts');
    report.map = await runMapBench();
  }
  const cpu = cpuShareBetween(cpuBefore, readCpuTimes());
  const { load: after } = await sampleMachine(0);
  report.load[part] = { before, after, cpu };
  if (cpu && cpu.stealPct > 2) warn(`${part}: the hypervisor took ${cpu.stealPct} % of the CPU (steal)`);
  console.log(`bench ${part}: done (load ${after.join(' ')}, CPU busy ${cpu?.busyPct} %, steal ${cpu?.stealPct} %)`);
}

for (const part of parts) await runPart(part);
if (report.ingest?.settleGaveUp) {
  warn(
    `ingest: the wait for the server gave up with ${report.ingest.serverBacklogAtEnd} reports acknowledged and not yet stored; its counts are not final`,
  );
}
if (report.ingestPostgres?.settleGaveUp) {
  warn(
    `ingest on PostgreSQL: the wait for the server gave up with ${report.ingestPostgres.serverBacklogAtEnd} reports acknowledged and not yet stored; its counts are not final`,
  );
}
if (report.ingest?.baselineSettleGaveUp) {
  warn('ingest: the wait for the baseline subscriber gave up; its counts are not final');
}
if (report.overload?.settleGaveUp) warn('overload: the wait for the drain gave up; its counts are not final');
writeFileSync(join(here, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(here, 'report.md'), renderReport(report));
console.log(renderReport(report));
