/**
 * `npm run bench [-- ingest|api|alarm|map ...]`: measures the product against a baseline on this machine and writes
 * bench/report.json and bench/report.md (not committed: they describe one machine at one time). Not part
 * of `npm test`. Settings (environment):
 *   BENCH_MACHINES (12000), BENCH_SECONDS (60): the ingest run; BENCH_API_RATE (5000): machines reporting each
 *   second during the API run; BENCH_ALARM_RATE (5000), BENCH_ALARM_SAMPLES (20): the alarm run;
 *   BENCH_PROFILE=1: CPU profiles of the servers into bench/profiles.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { runAlarmBench, type AlarmResult } from './alarm.ts';
import { runApiBench, type ApiResult } from './api.ts';
import { runIngestBench, type IngestResult } from './ingest.ts';
import type { MapBenchResult } from './map.ts';
import { renderReport } from './report.ts';

const PARTS = ['ingest', 'api', 'alarm', 'map'] as const;
type Part = (typeof PARTS)[number];

export interface BenchReport {
  machine: { at: string; cpus: number; cpuModel: string; memoryGb: number; node: string };
  /** Load average (1, 5, 15 min) before and after each part: other work on the machine depresses the figures. */
  load: Partial<Record<Part, { before: number[]; after: number[] }>>;
  ingest?: IngestResult;
  api?: ApiResult;
  alarm?: AlarmResult;
  map?: MapBenchResult;
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
const here = import.meta.dirname;
const profileDir = process.env.BENCH_PROFILE === '1' ? join(here, 'profiles') : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });

const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const report: BenchReport = {
  machine: {
    at: new Date().toISOString(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    memoryGb: Math.round(totalmem() / 1e9),
    node: process.version,
  },
  load: {},
};

async function runPart(part: Part): Promise<void> {
  const before = load();
  console.log(`bench ${part}: starting (load ${before.join(' ')})`);
  if (part === 'ingest') {
    report.ingest = await runIngestBench({
      machines: number('BENCH_MACHINES', 12_000),
      seconds: number('BENCH_SECONDS', 60),
      profileDir,
    });
  } else if (part === 'api') {
    report.api = await runApiBench({ rate: number('BENCH_API_RATE', 5000), profileDir });
  } else if (part === 'alarm') {
    report.alarm = await runAlarmBench({
      rate: number('BENCH_ALARM_RATE', 5000),
      samples: number('BENCH_ALARM_SAMPLES', 20),
    });
  } else {
    // Imported on demand: it loads vite and a browser, which the other parts do not need.
    const { runMapBench } = await import('./map.ts');
    report.map = await runMapBench();
  }
  report.load[part] = { before, after: load() };
  console.log(`bench ${part}: done (load ${load().join(' ')})`);
}

for (const part of parts) await runPart(part);
writeFileSync(join(here, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(here, 'report.md'), renderReport(report));
console.log(renderReport(report));
