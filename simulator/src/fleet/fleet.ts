import type { SimClock, Timer } from '../clock.ts';
import type { Transport } from '../mqtt/transport.ts';
import { applyAction, type ActionBody, type ActionName } from './actions.ts';
import { Machine, type FleetCounters } from './machine.ts';
import type { MachineSpec } from './spec.ts';
import { connectionOf, type Connection } from './view.ts';

export interface FleetOptions {
  clock: SimClock;
  transport: Transport;
  /** The same seed (and start time and speed) gives the same telemetry. */
  seed: number;
  /** The shortest real time a woken machine stays on line (default 3 s). */
  wakeWindowRealMs?: number;
}

/** Something a scenario's timeline does at a simulated time. */
export interface TimelineEvent {
  at: number;
  run: () => void;
}

/** Every simulated machine, driven by one clock and one transport. */
export class Fleet {
  readonly counters: FleetCounters = { reports: 0, thinned: 0, acks: 0, commands: 0, refused: 0, expired: 0 };
  readonly clock: SimClock;
  readonly transport: Transport;
  seed: number;
  private machines = new Map<string, Machine>();
  private timeline: Timer[] = [];
  private readonly wakeWindowRealMs: number;

  constructor(options: FleetOptions) {
    this.clock = options.clock;
    this.transport = options.transport;
    this.seed = options.seed;
    this.wakeWindowRealMs = options.wakeWindowRealMs ?? 3000;
  }

  /**
   * Simulate these machines instead of the ones before (which say goodbye: shutdown). `between` runs when the
   * old machines are gone and before the new ones start (a scenario sets the clock there).
   */
  load(specs: MachineSpec[], seed = this.seed, between?: () => void): void {
    this.clearTimeline();
    const next = new Set(specs.map((s) => s.serial));
    // A machine that stays is restarted without saying goodbye: to the server it only reconnects.
    for (const m of this.machines.values()) this.retire(m, !next.has(m.serial));
    between?.();
    this.seed = seed;
    this.enlist(specs);
  }

  /**
   * Become these machines, keeping the ones already simulated as they are: a machine that left says goodbye
   * (shutdown) and stops, one that joined connects and reports; the others carry on untouched (the timeline
   * too). The manifest's machines, read again while the simulator runs.
   */
  follow(specs: MachineSpec[]): { added: string[]; removed: string[] } {
    const next = new Set(specs.map((s) => s.serial));
    const removed = this.all().filter((m) => !next.has(m.serial));
    for (const m of removed) this.retire(m, true);
    const added = specs.filter((s) => !this.machines.has(s.serial));
    if (added.length > 0 || removed.length > 0) this.enlist(added);
    return { added: added.map((s) => s.serial), removed: removed.map((m) => m.serial) };
  }

  /** Stop a machine (saying goodbye or not) and let its place in the transport's plan go. */
  private retire(m: Machine, goodbye: boolean): void {
    m.stop(goodbye);
    this.machines.delete(m.serial);
    this.transport.unlink(m.serial);
  }

  /** Add these machines to the fleet and start them. */
  private enlist(specs: MachineSpec[]): void {
    this.transport.plan(this.machines.size + specs.length);
    const env = {
      clock: this.clock,
      seed: this.seed,
      transport: this.transport,
      counters: this.counters,
      wakeWindowRealMs: this.wakeWindowRealMs,
    };
    const joined = specs.map((spec) => new Machine(spec, env));
    for (const m of joined) this.machines.set(m.serial, m);
    for (const m of joined) m.start();
  }

  /** Run these at their simulated times (a scenario's timeline), replacing any earlier timeline. */
  schedule(events: TimelineEvent[]): void {
    this.clearTimeline();
    this.timeline = events.map((e) => this.clock.at(e.at, e.run));
  }

  get(serial: string): Machine | undefined {
    return this.machines.get(serial);
  }

  all(): Machine[] {
    return [...this.machines.values()];
  }

  get size(): number {
    return this.machines.size;
  }

  act<N extends ActionName>(serial: string, name: N, body: ActionBody<N>): Machine {
    const m = this.machines.get(serial);
    if (!m) throw new Error(`no machine ${serial}`);
    applyAction(m, name, body);
    return m;
  }

  /** How many machines are in each state of connection. */
  summary(): Record<Connection, number> & { total: number } {
    const counts: Record<Connection, number> = { online: 0, connecting: 0, offline: 0, waking: 0, asleep: 0 };
    for (const m of this.machines.values()) counts[connectionOf(m)]++;
    return { total: this.machines.size, ...counts };
  }

  /** Stop: every machine says goodbye (shutdown, so the server raises no offline alarm) and leaves. */
  async stop(): Promise<void> {
    this.clearTimeline();
    for (const m of this.machines.values()) m.stop(true);
    await this.transport.close();
  }

  private clearTimeline(): void {
    for (const timer of this.timeline) timer.cancel();
    this.timeline = [];
  }
}
