/**
 * Seeded randomness. Every machine draws from its own streams, seeded from the run's seed and its serial
 * number, so a machine's telemetry does not depend on which other machines run beside it or in what order.
 */

/** 32-bit FNV-1a of a text: a stable seed from a serial number. */
export function hashText(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /**
   * Did an event that happens `perHour` times an hour on average happen in `dtMs`? Independent of the step
   * size, so coarse steps at high clock speed see as many events as fine ones.
   */
  happens(perHour: number, dtMs: number): boolean;
}

/** sfc32: small, fast, and good enough for a simulation; seeded by four 32-bit words. */
export function createRng(seed: number, stream: string): Rng {
  let a = hashText(stream, seed);
  let b = hashText(stream, seed ^ 0x9e3779b9);
  let c = hashText(`${stream}#`, seed);
  let d = (seed ^ 0x5bd1e995) >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    happens: (perHour, dtMs) => next() < 1 - Math.exp((-perHour * dtMs) / 3_600_000),
  };
}

/** Round to a number of decimals, as a real unit would report. */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
