import { clamp, type Rng } from '../random.ts';
import { hoursOf } from './types.ts';

/**
 * A duty cycle: the machine is in one phase until a time, then the next phase begins exactly then (not at the
 * step that notices), so a coarse step at high clock speed passes through the same phases a fine one would.
 */
export class Phases<P extends string> {
  phase: P;
  until: number;

  constructor(
    initial: P,
    at: number,
    private readonly next: (phase: P, at: number) => [P, number],
  ) {
    this.phase = initial;
    this.until = at;
  }

  /** Move through every phase that ended by `t`. */
  advance(t: number): P {
    for (let i = 0; this.until <= t; i++) {
      if (i > 500) {
        // Days in one step (a machine woken after sleeping): start the cycle afresh at t.
        this.until = t;
      }
      const [phase, length] = this.next(this.phase, this.until);
      this.phase = phase;
      this.until += Math.max(1000, length);
    }
    return this.phase;
  }

  /** Begin `phase` now, for `lengthMs`. */
  enter(phase: P, t: number, lengthMs: number): void {
    this.phase = phase;
    this.until = t + lengthMs;
  }
}

export const minutes = (rng: Rng, min: number, max: number) => rng.range(min, max) * 60_000;

/** A state of charge that drains and charges by the hour, always within 0-100. */
export class Charge {
  constructor(public pct: number) {}

  drain(pctPerHour: number, dtMs: number): void {
    this.pct = clamp(this.pct - pctPerHour * hoursOf(dtMs), 0, 100);
  }

  /** Charging slows as the pack fills, as a real charger tapers. */
  charge(pctPerHour: number, dtMs: number): void {
    const rate = this.pct > 85 ? pctPerHour * 0.35 : pctPerHour;
    this.pct = clamp(this.pct + rate * hoursOf(dtMs), 0, 100);
  }

  get accessor() {
    return {
      get: () => this.pct,
      set: (pct: number) => {
        this.pct = clamp(pct, 0, 100);
      },
    };
  }
}
