import { readFileSync } from 'node:fs';
import { seedBenchDb, writeScenario } from './lib/fleet.ts';
import { withFleet } from './lib/fleet-run.ts';
import { REPORTS_STALLED_MS, settled, simulatorReports, sleep } from './lib/processes.ts';

export interface OverloadOptions {
  /** Simulated machines, each reporting every second: the offered load. */
  machines: number;
  /** How long the fleet reports at that rate (s). */
  seconds: number;
  /**
   * Share of each 100 ms the server is stopped (SIGSTOP / SIGCONT), to emulate a slower machine where the
   * fleet cannot offer twice what this one stores; 0: none.
   */
  throttle: number;
}

export interface OverloadResult {
  machines: number;
  seconds: number;
  throttle: number;
  /** Reports the fleet made per second during the overload, and the server stored; `factor` = offered / stored. */
  offeredPerSec: number;
  storedPerSec: number;
  factor: number;
  /** From the fleet's start to the end of the drain. */
  sent: number;
  /** What the broker told the machines it received. */
  acked: number;
  stored: number;
  /** Dropped by units whose storage overflowed (while waiting to connect, or held back too long). */
  droppedByUnits: number;
  /** Still held by units at the end, or (when the wait gave up) acknowledged and not yet stored: the sum of the two below. */
  queuedAtEnd: number;
  heldByUnitsAtEnd: number;
  /** Acknowledged and not yet stored when the drain's wait gave up (the server's backlog); 0 when it drained. */
  serverBacklogAtEnd: number;
  /** Acknowledged and never stored: the target is 0. */
  lost: number;
  /** The longest a stored report waited between being made and being received by the server. */
  peakLagMs: number;
  /** From the end of the overload (the fleet paused) until everything the units held was stored. */
  drainS: number;
  settleGaveUp: boolean;
  /** The server's resident memory at the start of the overload and at its peak: the queues are bounded. */
  serverRssMb: { start: number; peak: number };
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

function rssMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Stop the process for `share` of every 100 ms until the returned function is called. */
function throttleProcess(pid: number | undefined, share: number): () => void {
  if (!pid || share <= 0) return () => undefined;
  const PERIOD_MS = 100;
  let resume: NodeJS.Timeout | null = null;
  const timer = setInterval(() => {
    process.kill(pid, 'SIGSTOP');
    resume = setTimeout(() => process.kill(pid, 'SIGCONT'), PERIOD_MS * share);
  }, PERIOD_MS);
  return () => {
    clearInterval(timer);
    if (resume) clearTimeout(resume);
    process.kill(pid, 'SIGCONT');
  };
}

/**
 * Overload: the fleet reports faster than the server stores (about twice, `factor` says how much) for `seconds`;
 * then it pauses and what the units held drains. The server must slow the machines down (QoS 1: the broker reads
 * no more from a machine while what it sent is not delivered, a unit keeps at most 10 reports unacknowledged and
 * stores the rest) and lose nothing it acknowledged, with its memory bounded.
 */
export async function runOverloadBench(options: OverloadOptions): Promise<OverloadResult> {
  const db = await seedBenchDb(options.machines);
  try {
    const scenario = writeScenario(db, options.machines);
    return await withFleet(
      db,
      { scenario, machines: options.machines },
      async ({ server, sim, reader, maxId, firstId }) => {
        const lagSince = reader.sqlite
          .prepare('SELECT coalesce(max(received_at - device_time), 0) FROM telemetry WHERE id > ?')
          .pluck();
        let peakLagMs = 0;
        let lagFrom = firstId;
        const sampleLag = () => {
          const to = maxId();
          peakLagMs = Math.max(peakLagMs, lagSince.get(lagFrom) as number);
          lagFrom = to;
        };
        const rssStart = rssMb(server.child.pid);
        let rssPeak = rssStart;
        const stopThrottle = throttleProcess(server.child.pid, options.throttle);
        const before = await simulatorReports(sim);
        const s0 = maxId();
        const t0 = Date.now();
        try {
          while (Date.now() - t0 < options.seconds * 1000) {
            await sleep(1000);
            sampleLag();
            rssPeak = Math.max(rssPeak, rssMb(server.child.pid));
          }
        } finally {
          stopThrottle();
        }
        const wall = (Date.now() - t0) / 1000;
        const after = await simulatorReports(sim);
        const s1 = maxId();
        await sim.client.pause();
        // Drained: the units hold nothing and every acknowledged report is stored (the broker acknowledges a report
        // as it takes it, before ingest has it: an acknowledged report may still wait in the server). What is still to
        // come counts down to 0; only if it stands still for REPORTS_STALLED_MS is the rest taken as lost.
        const drain = await settled(
          'the drain (reports the units hold, acknowledged reports the server has not stored)',
          async () => {
            sampleLag();
            rssPeak = Math.max(rssPeak, rssMb(server.child.pid));
            const { held, acked } = await simulatorReports(sim);
            return -(held + Math.max(0, acked - (maxId() - firstId)));
          },
          REPORTS_STALLED_MS,
          300_000,
          0,
        );
        sampleLag();
        const drainS = round(drain.value === 0 ? drain.waitedS : drain.waitedS - REPORTS_STALLED_MS / 1000, 1);
        const end = await simulatorReports(sim);
        const stored = maxId() - firstId;
        const gaveUp = drain.gaveUp;
        const unstored = Math.max(0, end.acked - stored);
        const offeredPerSec = round((after.sent - before.sent) / wall);
        const storedPerSec = round((s1 - s0) / wall);
        return {
          machines: options.machines,
          seconds: options.seconds,
          throttle: options.throttle,
          offeredPerSec,
          storedPerSec,
          factor: storedPerSec > 0 ? round(offeredPerSec / storedPerSec, 2) : 0,
          sent: end.sent,
          acked: end.acked,
          stored,
          droppedByUnits: end.dropped,
          queuedAtEnd: end.held + (gaveUp ? unstored : 0),
          heldByUnitsAtEnd: end.held,
          serverBacklogAtEnd: gaveUp ? unstored : 0,
          lost: gaveUp ? 0 : unstored,
          peakLagMs,
          drainS,
          settleGaveUp: gaveUp,
          serverRssMb: { start: rssStart, peak: rssPeak },
        };
      },
    );
  } finally {
    db.remove();
  }
}
