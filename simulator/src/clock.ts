/**
 * The simulated clock and every schedule of the simulator. Simulated time runs at `speed` times real time
 * (1x to 3600x), can be paused and resumed, and drives one timer queue: each timer fires at its own simulated
 * time, in time order, so what the machines do depends on simulated time only, never on when a tick happened.
 */
export const MIN_SPEED = 1;
export const MAX_SPEED = 3600;

export interface ClockState {
  /** Simulated time, ms since the epoch. */
  now: number;
  speed: number;
  paused: boolean;
  /**
   * How far simulated time is ahead of the wall clock. The server refuses reports 25 h ahead unless it follows this
   * clock (its CLOCK_URL).
   */
  aheadMs: number;
}

export interface ClockOptions {
  /** Simulated time at start (default: the wall clock). */
  start?: number;
  speed?: number;
  /** The real clock; tests pass one they move by hand. */
  realNow?: () => number;
}

export interface Timer {
  cancel(): void;
}

interface Entry {
  t: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

export class SimClock {
  readonly realNow: () => number;
  private anchorReal: number;
  private anchorSim: number;
  private currentSpeed: number;
  private isPaused = false;
  /** The time of the timer firing now, or of the last one fired: simulated time never runs backwards. */
  private floor: number;
  private firing: number | null = null;
  private heap: Entry[] = [];
  private seq = 0;
  private loop: NodeJS.Timeout | null = null;

  constructor(options: ClockOptions = {}) {
    this.realNow = options.realNow ?? Date.now;
    this.anchorReal = this.realNow();
    this.anchorSim = options.start ?? this.anchorReal;
    this.floor = this.anchorSim;
    this.currentSpeed = checkSpeed(options.speed ?? 1);
  }

  /** Simulated time now (ms since the epoch). */
  now(): number {
    if (this.firing !== null) return this.firing;
    return Math.max(this.floor, this.present());
  }

  get speed(): number {
    return this.currentSpeed;
  }

  get paused(): boolean {
    return this.isPaused;
  }

  setSpeed(speed: number): void {
    this.reanchor();
    this.currentSpeed = checkSpeed(speed);
  }

  pause(): void {
    this.reanchor();
    this.isPaused = true;
  }

  resume(): void {
    this.reanchor();
    this.isPaused = false;
  }

  /**
   * Set simulated time (a scenario that starts at a given moment). Timers already queued keep their times, so
   * this is for a clock whose fleet was just replaced.
   */
  jump(to: number): void {
    this.anchorSim = Math.floor(to);
    this.anchorReal = this.realNow();
    this.floor = to;
  }

  /**
   * Skip simulated time forward by `ms`, with everything queued: each timer keeps its place relative to the clock,
   * so nothing due in the skipped span runs (the fleet stood parked meanwhile) and nothing runs twice. This brings a
   * due day or a lock day near in seconds, which speed cannot (a month at 3600x is twelve minutes).
   */
  skip(ms: number): void {
    if (!Number.isInteger(ms) || ms <= 0) throw new RangeError('skip a positive whole number of milliseconds');
    this.reanchor();
    this.anchorSim += ms;
    this.floor += ms;
    // The same shift for every entry keeps the heap's order.
    for (const entry of this.heap) entry.t += ms;
  }

  state(): ClockState {
    const now = this.now();
    return { now, speed: this.currentSpeed, paused: this.isPaused, aheadMs: Math.max(0, now - this.realNow()) };
  }

  /** Run `fn` at simulated time `t` (at once, on the next tick, if `t` has passed). */
  at(t: number, fn: () => void): Timer {
    // Whole milliseconds: device times in the protocol are integers.
    const entry: Entry = { t: Math.ceil(t), seq: this.seq++, fn, cancelled: false };
    this.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  after(ms: number, fn: () => void): Timer {
    return this.at(this.now() + ms, fn);
  }

  /** Fire every timer due by now, each at its own time. */
  tick(): void {
    const target = this.present();
    while (this.heap.length > 0 && this.heap[0]!.t <= target) {
      const entry = this.pop();
      if (entry.cancelled) continue;
      this.firing = Math.max(this.floor, entry.t);
      this.floor = this.firing;
      try {
        entry.fn();
      } finally {
        this.firing = null;
      }
    }
    this.floor = Math.max(this.floor, target);
  }

  /** Tick every `intervalMs` of real time until stop(). */
  start(intervalMs = 100): void {
    this.loop ??= setInterval(() => this.tick(), intervalMs);
  }

  stop(): void {
    if (this.loop) clearInterval(this.loop);
    this.loop = null;
  }

  /** Timers waiting (cancelled ones included until they come up). */
  get pending(): number {
    return this.heap.length;
  }

  private present(): number {
    if (this.isPaused) return this.anchorSim;
    return Math.floor(this.anchorSim + (this.realNow() - this.anchorReal) * this.currentSpeed);
  }

  private reanchor(): void {
    this.anchorSim = Math.max(this.floor, this.present());
    this.anchorReal = this.realNow();
  }

  private before(a: Entry, b: Entry): boolean {
    return a.t < b.t || (a.t === b.t && a.seq < b.seq);
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): Entry {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && this.before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && this.before(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  }
}

function checkSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed < MIN_SPEED || speed > MAX_SPEED) {
    throw new RangeError(`clock speed must be between ${MIN_SPEED} and ${MAX_SPEED}`);
  }
  return speed;
}
