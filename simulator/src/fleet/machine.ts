import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { AckMessage, KindData, RUN_MODES, TelemetryMessage } from '@console/contract/mqtt/payloads';
import type { SimClock, Timer } from '../clock.ts';
import { KIND_MODELS } from '../machines/models.ts';
import type { KindModel } from '../machines/types.ts';
import type { MachineLink, Transport } from '../mqtt/transport.ts';
import { createRng, hashText, type Rng } from '../random.ts';
import { localTime, timeZoneAt } from '../world/local-time.ts';
import { Motion, type Point } from '../world/motion.ts';
import { atWork, scheduleFor, type WorkSchedule } from '../world/schedule.ts';
import { Conditions } from './conditions.ts';
import { checkWaiting, onCommand, type PendingCommand } from './commands.ts';
import { buildReport, faultFlags } from './report.ts';
import type { MachineSpec } from './spec.ts';

const HOUR = 3_600_000;
/** A sleeping machine wakes this often to report and take what waits for it (the product spec). */
export const WAKE_EVERY_MS = 12 * HOUR;
/** How long a woken machine stays up before it sleeps again, unless a wake command keeps it up. */
export const WAKE_WINDOW_MS = 60_000;
/** The longest a woken unit waits in real time for the broker before it sleeps again regardless. */
const MAX_WAKE_REAL_MS = 30_000;

export type Power = 'awake' | 'waking' | 'asleep';

export interface FleetCounters {
  reports: number;
  /** Reports not sent because the clock runs fast (at most one per report interval of real time). */
  thinned: number;
  acks: number;
  commands: number;
  refused: number;
  /** Commands past their expiry when they arrived, ignored as the protocol says. */
  expired: number;
}

export interface MachineEnv {
  clock: SimClock;
  seed: number;
  transport: Transport;
  counters: FleetCounters;
  /** The shortest real time a woken machine stays on line, so the broker can hand over what waited. */
  wakeWindowRealMs: number;
}

/** One simulated machine: its telematics unit (connection, sleep, commands) and the machine it rides on. */
export class Machine {
  readonly serial: string;
  readonly kind: MachineKind;
  readonly timeZone: string;
  /** The work site; it moves when the machine is sent elsewhere. */
  readonly home: Point;
  readonly rng: Rng;
  /** Command handling draws from its own stream, so commands do not change the telemetry that follows. */
  readonly cmdRng: Rng;
  readonly model: KindModel;
  readonly schedule: WorkSchedule;
  readonly motion: Motion;
  readonly link: MachineLink;
  readonly conditions: Conditions;
  readonly pending: PendingCommand[] = [];
  /** Commands the server cancelled while the broker held them (cancel notices), oldest first. */
  readonly cancelled = new Set<string>();
  readonly recentAcks: AckMessage[] = [];
  lock: TelemetryMessage['lock'];
  /** The running mode the console set (decision 021). */
  runMode: (typeof RUN_MODES)[number] = 'standard';
  /** How often the unit restarted on command. */
  restarts = 0;
  reportIntervalS: number;
  overspeedKmh: number;
  power: Power = 'awake';
  seq = 0;
  lastReport: TelemetryMessage | null = null;
  nextWakeAt: number | null = null;
  /** The status online was published since the machine was last away. */
  announced = false;
  private lastStepAt: number;
  private lastPublishReal = -Infinity;
  private upAtReal = 0;
  private wokeAtReal = 0;
  private frozen: KindData | null = null;
  private stepTimer: Timer | null = null;
  private wakeTimer: Timer | null = null;
  private stopped = false;

  constructor(
    readonly spec: MachineSpec,
    readonly env: MachineEnv,
  ) {
    this.serial = spec.serial;
    this.kind = spec.kind;
    this.home = { lat: spec.lat, lng: spec.lng };
    this.timeZone = spec.timeZone ?? timeZoneAt(spec.lat, spec.lng);
    this.rng = createRng(env.seed, spec.serial);
    this.cmdRng = createRng(env.seed, `${spec.serial}/commands`);
    this.schedule = scheduleFor(this.rng, spec.leased);
    this.motion = new Motion(this.home);
    this.model = KIND_MODELS[spec.kind]({
      rng: this.rng,
      modelName: spec.model,
      workingHours: spec.workingHours,
      home: this.home,
    });
    // A machine the server knows carries on from the charge it last reported, not a fresh draw.
    if (spec.chargePct !== null) this.model.charge?.set(spec.chargePct);
    this.conditions = new Conditions(this);
    this.lock = spec.lockLevel;
    this.reportIntervalS = spec.reportIntervalS;
    this.overspeedKmh = spec.overspeedKmh;
    this.lastStepAt = env.clock.now();
    this.link = env.transport.link(spec.serial, {
      onCommand: (payload) => onCommand(this, payload),
      onUp: () => this.onUp(),
      onDown: () => {
        this.announced = false;
      },
    });
  }

  get clock(): SimClock {
    return this.env.clock;
  }

  /** Awake and not cut off: the machine means to be on line. */
  get reachable(): boolean {
    return this.power !== 'asleep' && !this.conditions.lost;
  }

  start(): void {
    // Each machine reports at its own offset within the interval, so the fleet's reports spread evenly.
    const offsetMs = hashText(this.serial, this.env.seed) % (this.reportIntervalS * 1000);
    if (this.spec.sleeping) {
      this.power = 'asleep';
      this.scheduleWake(this.clock.now() + (hashText(this.serial, this.env.seed + 1) % WAKE_EVERY_MS));
      return;
    }
    this.link.open();
    this.scheduleStep(this.clock.now() + offsetMs);
  }

  /** Stop simulating: say goodbye (shutdown) when asked, and cancel every timer. */
  stop(goodbye: boolean): void {
    this.stopped = true;
    this.stepTimer?.cancel();
    this.wakeTimer?.cancel();
    this.conditions.cancel();
    if (goodbye && this.reachable) {
      this.link.send({ kind: 'status', message: { online: false, reason: 'shutdown', t: this.clock.now() } });
    }
    this.link.close();
  }

  /** A restart of the telematics unit: it leaves, and connects and announces itself again. */
  restartUnit(): void {
    this.restarts++;
    this.link.close();
    this.announced = false;
    if (this.reachable) this.link.open();
  }

  private onUp(): void {
    this.upAtReal = this.clock.realNow();
    if (this.announced) return;
    this.announced = true;
    this.link.send({ kind: 'status', message: { online: true, t: this.clock.now() } });
  }

  // --- reporting -----------------------------------------------------------------------------------------

  /** Model steps come once per report interval, but at most about once per real second at high speed. */
  private stepEvery(): number {
    const interval = this.reportIntervalS * 1000;
    return interval * Math.max(1, Math.ceil((this.clock.speed * 1000) / interval));
  }

  scheduleStep(at = this.lastStepAt + this.stepEvery()): void {
    this.stepTimer?.cancel();
    this.stepTimer = this.clock.at(at, () => {
      this.stepTimer = null;
      this.step();
      this.report(false);
      if (this.power !== 'asleep') this.scheduleStep();
    });
  }

  /** Advance the machine to now. */
  step(): void {
    const t = this.clock.now();
    // A machine woken after hours is stepped as if an hour passed: it was parked meanwhile.
    const dt = Math.min(Math.max(0, t - this.lastStepAt), HOUR);
    this.lastStepAt = t;
    this.conditions.update(t, dt);
    const local = localTime(this.timeZone, t);
    const held = this.lock === 'lock1' || this.lock === 'lock2';
    this.motion.speedCap = this.lock === 'lock2' ? 0 : this.lock === 'lock1' ? 3 : Infinity;
    this.model.step({
      t,
      dt,
      local,
      schedule: this.schedule,
      atWork: atWork(this.schedule, local, this.env.seed, this.serial),
      mayWork: !held,
      rng: this.rng,
      motion: this.motion,
      home: this.home,
    });
    this.motion.advance(dt, this.rng);
    this.conditions.afterStep();
    checkWaiting(this, 'step');
  }

  /** Put the report together and send it if the machine is on line (`force`: on waking, every time). */
  report(force: boolean): void {
    const silent = this.conditions.silent;
    const flags = faultFlags(this.conditions.faultCodes(), silent);
    // A silent controller tells the unit nothing new: it repeats the last reading it had.
    const data = silent && this.frozen ? { ...this.frozen, faults: flags } : this.model.data(flags);
    this.frozen = silent ? (this.frozen ?? data) : null;
    const report = buildReport({
      t: this.clock.now(),
      seq: this.seq,
      signal: this.conditions.signal,
      lock: this.lock,
      data: this.conditions.override(data),
      motion: this.motion,
      fix: this.conditions.fix(),
      overspeedKmh: this.overspeedKmh,
      rng: this.rng,
    });
    this.lastReport = report;
    if (!this.reachable) return;
    const real = this.clock.realNow();
    const gap = real - this.lastPublishReal;
    if (!force && this.clock.speed > 1.25 && gap < 0.8 * this.reportIntervalS * 1000) {
      this.env.counters.thinned++;
    } else {
      this.seq++;
      this.lastPublishReal = real;
      this.env.counters.reports++;
      this.link.send({ kind: 'telemetry', message: report });
    }
    if (report.pos) checkWaiting(this, 'position');
  }

  /** The report interval changed: the next report comes one new interval after the last. */
  reschedule(): void {
    if (this.stepTimer) this.scheduleStep();
  }

  sendAck(ack: Omit<AckMessage, 't'>): void {
    const message: AckMessage = { ...ack, t: this.clock.now() };
    this.recentAcks.unshift(message);
    this.recentAcks.length = Math.min(this.recentAcks.length, 10);
    this.env.counters.acks++;
    this.link.send({ kind: 'ack', message });
  }

  // --- connection, sleep and wake ------------------------------------------------------------------------

  /** The network is back (after an outage, or when told). */
  reconnect(): void {
    if (this.power !== 'asleep') this.link.open();
  }

  /** Cut off: the broker publishes the last will (lost). */
  disconnect(): void {
    this.announced = false;
    this.link.drop();
  }

  /** Sleep: say so, leave, and wake every 12 hours. */
  sleep(): void {
    if (this.power === 'asleep') return;
    if (!this.conditions.lost) {
      this.link.send({ kind: 'status', message: { online: false, reason: 'sleep', t: this.clock.now() } });
    }
    this.link.close();
    this.announced = false;
    this.power = 'asleep';
    this.stepTimer?.cancel();
    this.stepTimer = null;
    this.scheduleWake(this.clock.now() + WAKE_EVERY_MS);
  }

  /** Woken for good (a wake command, or someone at the machine). */
  wake(): void {
    this.wakeTimer?.cancel();
    this.nextWakeAt = null;
    const was = this.power;
    this.power = 'awake';
    if (was === 'asleep') this.rise();
  }

  private scheduleWake(at: number): void {
    this.wakeTimer?.cancel();
    this.nextWakeAt = at;
    this.wakeTimer = this.clock.at(at, () => {
      this.power = 'waking';
      this.nextWakeAt = null;
      this.wokeAtReal = this.clock.realNow();
      this.rise();
      const windowStart = this.clock.now();
      this.wakeTimer = this.clock.at(windowStart + WAKE_WINDOW_MS, () => this.endWindow(windowStart));
    });
  }

  /** Come on line: connect, report status and position at once, then report as usual. */
  private rise(): void {
    // Stepped first: an outage that ran out while the machine slept ends here.
    this.step();
    if (!this.conditions.lost) this.link.open();
    this.report(true);
    this.scheduleStep();
  }

  /** The wake window is over: back to sleep, unless woken for good or still busy with a command. */
  private endWindow(windowStart: number): void {
    if (this.power !== 'waking' || this.stopped) return;
    const connected = this.announced || this.conditions.lost;
    const realLeft = this.env.wakeWindowRealMs - (this.clock.realNow() - this.upAtReal);
    // However long the broker keeps it waiting, the unit goes back to sleep after half a minute.
    const givingUp = this.clock.realNow() - this.wokeAtReal > MAX_WAKE_REAL_MS;
    if (!givingUp && (!connected || realLeft > 0 || this.pending.length > 0)) {
      // Wait in real time: at high clock speed the window is over before the broker could hand anything over.
      setTimeout(() => this.endWindow(windowStart), Math.max(50, realLeft)).unref();
      return;
    }
    this.sleep();
    this.scheduleWake(windowStart + WAKE_EVERY_MS);
  }
}
