import type { KindData, TelemetryMessage } from '@console/contract/mqtt/payloads';
import { MAX_SPEED_KMH } from '@console/contract/mqtt/payloads';
import { clamp } from '../random.ts';
import { loopAround } from '../world/motion.ts';
import type { Machine } from './machine.ts';

export const ALARM_CONDITIONS = ['overload', 'tilt', 'overspeed', 'lowBattery'] as const;
export type AlarmCondition = (typeof ALARM_CONDITIONS)[number];

const MINUTE = 60_000;
/** How often things happen to one machine, per hour: across 2,000 machines a few of each an hour. */
const RATES = { fault: 1 / 500, silent: 1 / 3000, outage: 1 / 400, signal: 2 };
const SIGNAL_WEIGHTS = {
  gps: [60, 30, 10],
  base: [20, 50, 30],
} as const;

interface Injected {
  value: number;
  until: number;
}

/**
 * What happens to a machine besides its work: faults, a silent controller, network outages, signal and GPS
 * fix, and the alarm conditions the control API or a scenario injects. Random events are drawn per hour of
 * simulated time, so they are as frequent at 3600x as at 1x.
 */
export class Conditions {
  signal: TelemetryMessage['signal'] = 'strong';
  private faults = new Map<string, number>();
  private silentUntil = 0;
  /** 0: on line; a time: cut off until then; Infinity: until told. */
  private lostUntil = 0;
  private injected = new Map<AlarmCondition, Injected>();

  constructor(private readonly machine: Machine) {
    this.signal = this.drawSignal();
  }

  get lost(): boolean {
    return this.lostUntil > 0;
  }

  get silent(): boolean {
    return this.silentUntil > this.machine.clock.now();
  }

  faultCodes(): string[] {
    return [...this.faults.keys()];
  }

  /** Injected conditions still holding, with their values. */
  active(): Partial<Record<AlarmCondition, number>> {
    return Object.fromEntries([...this.injected].map(([name, i]) => [name, i.value]));
  }

  /** Before the model steps: end what is over, and let new things happen. */
  update(t: number, dt: number): void {
    const m = this.machine;
    for (const [code, until] of this.faults) if (until <= t) this.faults.delete(code);
    for (const [name, i] of this.injected) {
      if (i.until > t) continue;
      this.injected.delete(name);
      if (name === 'overspeed' && m.motion.commanded) m.motion.stop();
    }
    if (this.lostUntil > 0 && this.lostUntil <= t) this.restoreNetwork();
    const rng = m.rng;
    if (rng.happens(RATES.fault, dt) && m.model.faultCodes.length > 0) {
      this.faults.set(rng.pick(m.model.faultCodes), t + rng.range(5 * MINUTE, 6 * 60 * MINUTE));
    }
    if (rng.happens(RATES.silent, dt)) this.silentUntil = t + rng.range(10 * MINUTE, 3 * 60 * MINUTE);
    if (rng.happens(RATES.outage, dt) && m.reachable) this.loseNetwork(rng.range(2 * MINUTE, 40 * MINUTE));
    if (rng.happens(RATES.signal, dt)) this.signal = this.drawSignal();
    if (m.model.shielded?.()) this.signal = 'weak';
  }

  /** After the model stepped: an injected low battery holds the charge down. */
  afterStep(): void {
    const low = this.injected.get('lowBattery');
    if (low) this.machine.model.charge?.set(low.value);
  }

  /** Injected sensor values replace what the model says. */
  override(data: KindData): KindData {
    if (data.kind !== 'aerialPlatform') return data;
    const overload = this.injected.get('overload');
    const tilt = this.injected.get('tilt');
    if (!overload && !tilt) return data;
    return { ...data, loadPct: overload?.value ?? data.loadPct, tiltDeg: tilt?.value ?? data.tiltDeg };
  }

  /** The position fix of this report: none now and then with GPS, none in a tunnel. */
  fix(): 'gps' | 'base' | 'none' {
    const m = this.machine;
    if (m.model.shielded?.()) return m.rng.chance(0.5) ? 'base' : 'none';
    if (m.spec.positioning === 'base') return 'base';
    return m.rng.chance(0.03) ? 'none' : 'gps';
  }

  // --- what the control API and scenarios do --------------------------------------------------------------

  /** Cut the machine off the network for a while (null: until told): the broker publishes its last will. */
  loseNetwork(durationMs: number | null): void {
    this.lostUntil = durationMs === null ? Infinity : this.machine.clock.now() + durationMs;
    this.signal = 'none';
    this.machine.disconnect();
  }

  restoreNetwork(): void {
    if (this.lostUntil === 0) return;
    this.lostUntil = 0;
    this.signal = 'weak';
    this.machine.reconnect();
  }

  addFault(code: string, durationMs: number | null): void {
    this.faults.set(code, durationMs === null ? Infinity : this.machine.clock.now() + durationMs);
  }

  /** The controller falls silent (or speaks again, with 0). */
  silence(durationMs: number): void {
    this.silentUntil = this.machine.clock.now() + durationMs;
  }

  inject(condition: AlarmCondition, value: number, durationMs: number): void {
    const m = this.machine;
    const until = m.clock.now() + durationMs;
    this.injected.set(condition, { value, until });
    if (condition === 'lowBattery') m.model.charge?.set(value);
    if (condition === 'overspeed') {
      // Laps of a circuit around the site at that speed, for as long as the condition holds.
      const speed = clamp(value, 0, MAX_SPEED_KMH);
      const lap = loopAround(m.home, 1500, 8, m.rng);
      const laps = Math.ceil((speed * durationMs) / 3_600_000 / 9.4) + 1;
      m.motion.goTo(Array.from({ length: laps }, () => lap).flat(), speed, true);
    }
  }

  /** Clear faults, a silent controller and injected conditions. */
  clear(): void {
    this.faults.clear();
    this.silentUntil = 0;
    if (this.injected.has('overspeed') && this.machine.motion.commanded) this.machine.motion.stop();
    this.injected.clear();
  }

  /** Nothing is kept that could fire later (the machine is being removed). */
  cancel(): void {
    this.injected.clear();
  }

  private drawSignal(): TelemetryMessage['signal'] {
    const [strong, medium] = SIGNAL_WEIGHTS[this.machine.spec.positioning];
    const r = this.machine.rng.next() * 100;
    return r < strong ? 'strong' : r < strong + medium ? 'medium' : 'weak';
  }
}
