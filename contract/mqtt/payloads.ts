import { z } from 'zod';

/**
 * Payloads of the device protocol, JSON in every topic. Units are in the field names' comments; ranges are the
 * physical ranges a real machine of the kind can report: anything outside is refused by ingest and counted.
 */
const faults = z.array(z.string().regex(/^[A-Z0-9_]{1,16}$/)).max(32);
const pct = z.number().min(0).max(100);
const hours = z.number().min(0).max(200000);

/** The fault flag a telematics unit reports when the machine's own controller is silent (status 9). */
export const CONTROLLER_SILENT = 'CTRL_OFFLINE';

export const LOCK_LEVELS = ['unlocked', 'preLock1', 'lock1', 'preLock2', 'lock2'] as const;
export const LOCK_MODES = ['unconditional', 'onStop', 'onPosition'] as const;
export const SIGNALS = ['strong', 'medium', 'weak', 'none'] as const;
/** The fastest a monitored machine moves (km/h); a higher reported speed is a broken report. */
export const MAX_SPEED_KMH = 150;
/** Reports stamped more than this far ahead of the server's clock are refused. */
export const MAX_CLOCK_AHEAD_MS = 25 * 60 * 60 * 1000;

export const position = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** km/h */
  speed: z.number().min(0).max(MAX_SPEED_KMH),
  heading: z.number().min(0).max(360).optional(),
  fix: z.enum(['gps', 'base']),
  alarm: z.string().max(200).optional(),
  alarmValue: z.number().optional(),
});

export const kindData = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('aerialPlatform'),
    platformHeightM: z.number().min(0).max(80),
    loadPct: z.number().min(0).max(150),
    tiltDeg: z.number().min(0).max(45),
    batteryV: z.number().min(0).max(100),
    batteryPct: pct,
    driving: z.boolean(),
    lifting: z.boolean(),
    workingHours: hours,
    faults,
  }),
  z.object({
    kind: z.literal('concretePump'),
    pumpStatus: z.enum(['standby', 'pumping', 'reverse']),
    mode: z.enum(['performance', 'energySaving']),
    displacementM3h: z.number().min(0).max(300),
    pressureMpa: z.number().min(0).max(60),
    pumpCurrentA: z.tuple([z.number().min(0).max(1000), z.number().min(0).max(1000)]),
    engineHours: hours,
    faults,
  }),
  z.object({
    kind: z.literal('wetSprayer'),
    spraying: z.boolean(),
    sprayRateM3h: z.number().min(0).max(60),
    pressureMpa: z.number().min(0).max(30),
    acceleratorPct: pct,
    engineHours: hours,
    faults,
  }),
  z.object({
    kind: z.literal('mower'),
    cutting: z.boolean(),
    bladeRpm: z.number().min(0).max(6000),
    batteryPct: pct,
    areaTodayM2: z.number().min(0).max(1_000_000),
    workingHours: hours,
    faults,
  }),
  z.object({
    kind: z.literal('boat'),
    engineRpm: z.number().min(0).max(8000),
    fuelPct: pct,
    waterTempC: z.number().min(-5).max(45),
    engineHours: hours,
    faults,
  }),
  z.object({
    kind: z.literal('forklift'),
    loadKg: z.number().min(0).max(50000),
    forkHeightM: z.number().min(0).max(15),
    batteryPct: pct,
    driving: z.boolean(),
    workingHours: hours,
    faults,
  }),
  z.object({
    kind: z.literal('battery'),
    chargePct: pct,
    voltageV: z.number().min(0).max(1000),
    /** Negative while discharging. */
    currentA: z.number().min(-2000).max(2000),
    temperatureC: z.number().min(-40).max(100),
    cycles: z.number().int().min(0).max(100000),
    faults,
  }),
  z.object({
    kind: z.literal('charger'),
    state: z.enum(['idle', 'charging', 'full', 'fault']),
    outputV: z.number().min(0).max(1000),
    outputA: z.number().min(0).max(1000),
    energyKwh: z.number().min(0).max(10_000_000),
    faults,
  }),
]);
export type KindData = z.infer<typeof kindData>;

/** `dev/<sn>/up/telemetry` */
export const telemetryMessage = z.object({
  /** Device time, ms since the epoch. */
  t: z.number().int().positive(),
  /** Per-connection sequence number, so the server can count gaps. */
  seq: z.number().int().min(0),
  signal: z.enum(SIGNALS),
  pos: position.optional(),
  lock: z.enum(LOCK_LEVELS),
  data: kindData,
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

/** `dev/<sn>/up/status` (retained; the last will says online:false). */
export const statusMessage = z.object({
  online: z.boolean(),
  /** Why a machine goes offline on purpose: to sleep (it wakes every 12 hours) or shut down. */
  reason: z.enum(['sleep', 'shutdown', 'lost']).optional(),
  t: z.number().int().positive().optional(),
});
export type StatusMessage = z.infer<typeof statusMessage>;

export const COMMAND_TYPES = [
  'lock',
  'unlock',
  'sleep',
  'wake',
  'params',
  'restart',
  'runMode',
  'pumpMode',
  'speed',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/**
 * A machine's running mode: standard, economy (reduced power and speed to save fuel or charge) or limited (a
 * restricted, creep-speed mode a rental company sets while a dispute is settled, short of a lock).
 */
export const RUN_MODES = ['standard', 'economy', 'limited'] as const;
/** A concrete pump's pumping mode (spec section 4: performance and energy saving). */
export const PUMP_MODES = ['performance', 'energySaving'] as const;
/** The frequency drive's output the console may ask for (Hz); each machine's drive accepts its own range. */
export const MIN_DRIVE_HZ = 1;
export const MAX_DRIVE_HZ = 60;

/** What a `params`, `runMode`, `pumpMode` or `speed` command sets. */
export const commandSettings = z.object({
  reportIntervalS: z.number().int().min(1).max(86400).optional(),
  /** 0 means overspeed is not monitored (spec section 5). */
  overspeedKmh: z.number().min(0).max(MAX_SPEED_KMH).optional(),
  runMode: z.enum(RUN_MODES).optional(),
  pumpMode: z.enum(PUMP_MODES).optional(),
  /** Frequency drive output, Hz, to one decimal place. */
  driveHz: z.number().min(MIN_DRIVE_HZ).max(MAX_DRIVE_HZ).optional(),
});

/**
 * Why a machine refuses a command, as codes the console translates: it has no such part (a pump, a frequency
 * drive, a selectable running mode), the speed is outside its drive's range, or it is busy (a restart while it
 * works).
 */
export const REFUSAL_CODES = ['unsupported', 'speedOutOfRange', 'busy'] as const;

/** `dev/<sn>/down/command`, QoS 1. */
export const commandMessage = z.object({
  id: z.string().min(1).max(40),
  type: z.enum(COMMAND_TYPES),
  level: z.enum(LOCK_LEVELS).optional(),
  mode: z.enum(LOCK_MODES).optional(),
  params: commandSettings.optional(),
  /** ms since the epoch; a machine ignores a command it receives after this. */
  expiresAt: z.number().int().positive(),
});
export type CommandMessage = z.infer<typeof commandMessage>;

/**
 * `dev/<sn>/down/command`, QoS 1: the server cancelled command `id` while the broker may still hold it for the
 * machine. The broker keeps a session's messages in order, so the notice reaches the machine after the command
 * and before the machine acts on it (a machine acts on a command no sooner than it acknowledges it as received);
 * the machine then refuses the command (`refused`, reason `cancelled`) instead of carrying it out, and refuses
 * it again if the command arrives once more.
 */
export const cancelNotice = z.object({
  type: z.literal('cancel'),
  id: z.string().min(1).max(40),
  /** ms since the epoch, when the server cancelled it. */
  t: z.number().int().positive(),
});
export type CancelNotice = z.infer<typeof cancelNotice>;

/** Everything the server publishes on a machine's command topic. */
export const downMessage = z.union([cancelNotice, commandMessage]);
export type DownMessage = z.infer<typeof downMessage>;
/** The reason a machine gives when it refuses a command the server cancelled. */
export const CANCELLED_BY_SERVER = 'cancelled';

/**
 * `dev/<sn>/up/ack`, QoS 1. `received` on delivery; `waiting` when the machine holds it (an on-stop lock while
 * moving); `done` with the state it now reports, or `refused` with a reason. Success is confirmed by `state`.
 */
export const ackMessage = z.object({
  id: z.string().min(1).max(40),
  result: z.enum(['received', 'waiting', 'done', 'refused']),
  reason: z.string().max(200).optional(),
  state: z.object({ lock: z.enum(LOCK_LEVELS), sleeping: z.boolean() }).optional(),
  t: z.number().int().positive(),
});
export type AckMessage = z.infer<typeof ackMessage>;
