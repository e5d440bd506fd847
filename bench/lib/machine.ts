import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { runTs } from '../../tests/fixtures/server-process.ts';

/**
 * What the machine was like while a figure was taken: figures from two machines compare only beside their speed
 * reference (the same code costs 3-4x more on some hosts of the same kind) and only when nothing else ran.
 */

/** `npx tsx bench/store-cost.ts`: ingest's own work per report on this machine, wall and CPU µs. */
export interface SpeedReference {
  validateUs: number;
  writeUs: number;
  validateCpuUs: number;
  writeCpuUs: number;
}

/** The machine's CPU time by kind, summed over its cores, from /proc/stat (jiffies). */
interface CpuTimes {
  total: number;
  idle: number;
  steal: number;
}

export interface CpuShare {
  /** Of all cores' time: busy (anything but idle and I/O wait) and stolen by the hypervisor, in %. */
  busyPct: number;
  stealPct: number;
}

export interface MachineState {
  load: number[];
  cpu: CpuShare | null;
}

export function readCpuTimes(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is counted in user)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    const total = [user, nice, system, idle, iowait, irq, softirq, steal].reduce((a, b) => a! + (b ?? 0), 0)!;
    return { total, idle: idle! + (iowait ?? 0), steal: steal ?? 0 };
  } catch {
    return null;
  }
}

export function cpuShareBetween(before: CpuTimes | null, after: CpuTimes | null): CpuShare | null {
  if (!before || !after || after.total <= before.total) return null;
  const total = after.total - before.total;
  const pct = (n: number) => Math.round((n / total) * 1000) / 10;
  return { busyPct: pct(total - (after.idle - before.idle)), stealPct: pct(after.steal - before.steal) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Load average and the CPU's use over `sampleMs`. */
export async function sampleMachine(sampleMs = 3000): Promise<MachineState> {
  const before = readCpuTimes();
  await new Promise((r) => setTimeout(r, sampleMs));
  return { load: loadavg().map(round2), cpu: cpuShareBetween(before, readCpuTimes()) };
}

/** More than this share of the cores busy, or a load average above this share of them, is not quiet. */
const QUIET_BUSY_PCT = 10;
const QUIET_LOAD_PER_CORE = 0.25;
const QUIET_STEAL_PCT = 2;

/** Why the machine is not quiet (empty when it is). */
export function noisiness(state: MachineState, what: string): string[] {
  const cores = cpus().length;
  const warnings: string[] = [];
  if (state.cpu && state.cpu.busyPct > QUIET_BUSY_PCT) {
    warnings.push(`${what}: ${state.cpu.busyPct} % of the CPU was busy with other work`);
  }
  if (state.cpu && state.cpu.stealPct > QUIET_STEAL_PCT) {
    warnings.push(`${what}: the hypervisor took ${state.cpu.stealPct} % of the CPU (steal)`);
  }
  if (state.load[0]! > cores * QUIET_LOAD_PER_CORE) {
    warnings.push(`${what}: load average ${state.load[0]} on ${cores} cores`);
  }
  return warnings;
}

/** Run bench/store-cost.ts in a process of its own: the machine's speed reference. */
export async function speedReference(): Promise<SpeedReference> {
  const run = runTs('bench/store-cost.ts', { STORE_JSON: '1' });
  await run.exited();
  const code = run.child.exitCode;
  const line = run.output
    .join('')
    .split('\n')
    .findLast((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`bench/store-cost.ts failed (${code}): ${run.output.join('').slice(-2000)}`);
  const { validateUs, writeUs, validateCpuUs, writeCpuUs } = JSON.parse(line) as SpeedReference;
  return { validateUs, writeUs, validateCpuUs, writeCpuUs };
}
