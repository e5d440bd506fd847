import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { KindData, PUMP_MODES } from '@console/contract/mqtt/payloads';
import type { Rng } from '../random.ts';
import type { LocalTime } from '../world/local-time.ts';
import type { Motion, Point } from '../world/motion.ts';
import type { WorkSchedule } from '../world/schedule.ts';

/** What a kind's model sees at each step of its machine. */
export interface StepContext {
  /** Simulated time of this step and the time since the last one (ms). */
  t: number;
  dt: number;
  local: LocalTime;
  schedule: WorkSchedule;
  /** The crew is at work now (its shift, not lunch, a day the machine is used). */
  atWork: boolean;
  /** Not held by a lock (first- and second-level locks stop the work; pre-locks only warn). */
  mayWork: boolean;
  rng: Rng;
  /** The model plans routes and may lower the speed cap; the machine drives after the model's step. */
  motion: Motion;
  /** The work site: where the machine works and parks. */
  home: Point;
}

export interface KindInit {
  rng: Rng;
  /** The machine's model name, null when not known. */
  modelName: string | null;
  workingHours: number;
  home: Point;
}

/** The model of one machine kind: its hidden state, how it changes, and what it reports. */
export interface KindModel<D extends KindData = KindData> {
  readonly kind: D['kind'];
  step(ctx: StepContext): void;
  /** The reading the unit reports now, with the machine's current fault flags. */
  data(faults: string[]): D;
  /** Fault codes this kind raises now and then. */
  readonly faultCodes: readonly string[];
  /** State of charge (or fuel) for kinds that have one; a low-battery alarm can be injected into these. */
  charge?: { get(): number; set(pct: number): void };
  /** Working underground or indoors now: weak signal and no GPS fix (a sprayer in a tunnel). */
  shielded?(): boolean;
  /** A concrete pump's pumping mode, set remotely; kinds without a pump have none and refuse the command. */
  pumpMode?: { set(mode: (typeof PUMP_MODES)[number]): void };
  /** A frequency drive (pump motors): the output range it accepts, in Hz, and setting it. */
  drive?: { minHz: number; maxHz: number; set(hz: number): void };
  /** Whether the machine has a controller with selectable running modes (batteries and chargers do not). */
  readonly runModes?: boolean;
}

export type KindFactory = (init: KindInit) => KindModel;
export type KindModels = Record<MachineKind, KindFactory>;

/** Hours in a step, for rates given per hour. */
export const hoursOf = (dtMs: number) => dtMs / 3_600_000;
