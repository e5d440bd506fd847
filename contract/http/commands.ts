import { z } from 'zod';
import type { LOCK_EXECUTION } from '../codes/lock.ts';
import type { MachineKind } from '../codes/machine-kinds.ts';
import {
  COMMAND_TYPES,
  LOCK_LEVELS,
  LOCK_MODES,
  MAX_DRIVE_HZ,
  MAX_SPEED_KMH,
  MIN_DRIVE_HZ,
  PUMP_MODES,
  RUN_MODES,
} from '../mqtt/payloads.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { pageQuery, paged, password, smsCode } from './fields.ts';
import { COMMAND_ROLES } from '../access/commands.ts';

/**
 * The durable command queue (docs/decisions/010-command-queue.md): commands to machines and their lifecycle.
 * Risk control (lock tasks) and the device pages call these.
 */

export const COMMAND_STATES = ['queued', 'sent', 'delivered', 'succeeded', 'failed', 'expired', 'cancelled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States in which the command may still reach or change the machine. */
export const UNFINISHED_STATES = ['queued', 'sent', 'delivered'] as const satisfies readonly CommandState[];

/** Why a command ended other than by success. */
export const COMMAND_REASONS = ['superseded', 'cancelled', 'expired', 'refused', 'mismatch'] as const;
export type CommandReason = (typeof COMMAND_REASONS)[number];

/** The spec's lock execution states (LOCK_EXECUTION: 1 executing, 2 succeeded, 3 failed, 4 cancelled). */
export function executionOf(state: CommandState): (typeof LOCK_EXECUTION.values)[number] {
  if (state === 'succeeded') return 2;
  if (state === 'failed' || state === 'expired') return 3;
  if (state === 'cancelled') return 4;
  return 1;
}
export const EXECUTION_STATES: Record<number, readonly CommandState[]> = {
  1: UNFINISHED_STATES,
  2: ['succeeded'],
  3: ['failed', 'expired'],
  4: ['cancelled'],
};

/** Time-to-live of a new command: a sleeping machine wakes every 12 hours, so the default outlives two wakes. */
export const DEFAULT_TTL_MINUTES = 24 * 60;
export const MAX_TTL_MINUTES = 30 * 24 * 60;
/** Machines per request. */
export const MAX_COMMAND_DEVICES = 200;

export const commandParams = z.object({
  reportIntervalS: z.number({ error: 'validation.invalid' }).int().min(1).max(86400).optional(),
  /** 0 means overspeed is not monitored (spec section 5). */
  overspeedKmh: z.number({ error: 'validation.invalid' }).min(0).max(MAX_SPEED_KMH).optional(),
  /** runMode: the running mode to set. */
  runMode: z.enum(RUN_MODES, { error: 'validation.invalid' }).optional(),
  /** pumpMode: a concrete pump's pumping mode. */
  pumpMode: z.enum(PUMP_MODES, { error: 'validation.invalid' }).optional(),
  /** speed: the frequency drive's output in Hz, to one decimal place. */
  driveHz: z
    .number({ error: 'command.speedInvalid' })
    .min(MIN_DRIVE_HZ, { error: 'command.speedInvalid' })
    .max(MAX_DRIVE_HZ, { error: 'command.speedInvalid' })
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { error: 'command.speedInvalid' })
    .optional(),
});

/** The setting each settings command needs in `params`. */
const SETTING_OF = { runMode: 'runMode', pumpMode: 'pumpMode', speed: 'driveHz' } as const;

export const createCommandForm = z
  .object({
    deviceIds: z
      .array(z.number().int().positive(), { error: 'command.selectDevice' })
      .min(1, { error: 'command.selectDevice' })
      .max(MAX_COMMAND_DEVICES, { error: 'validation.tooLong' }),
    type: z.enum(COMMAND_TYPES, { error: 'validation.required' }),
    /** lock: the level to set (not `unlocked`; an unlock is its own type). */
    level: z.enum(LOCK_LEVELS, { error: 'validation.invalid' }).optional(),
    /** lock and unlock: when the machine carries it out. */
    mode: z.enum(LOCK_MODES, { error: 'validation.invalid' }).default('unconditional'),
    /** params: at least one of them. */
    params: commandParams.optional(),
    ttlMinutes: z
      .number({ error: 'validation.invalid' })
      .int()
      .min(1)
      .max(MAX_TTL_MINUTES)
      .default(DEFAULT_TTL_MINUTES),
    /**
     * `queue` (default): a machine that is offline or asleep gets the command when it connects or wakes (the
     * console asks first, spec section 9). `refuse`: refuse the whole request if a machine is not online.
     */
    whenOffline: z.enum(['queue', 'refuse']).default('queue'),
    /** lock and unlock: the signed-in user's own password, entered again (decision 013). */
    password: password.optional(),
    /** sleep: the text-message code of `deviceSleep/code.do` (decision 016). */
    code: smsCode.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'lock' && (!v.level || v.level === 'unlocked')) {
      ctx.addIssue({ code: 'custom', path: ['level'], message: 'validation.required' });
    }
    if (v.type === 'params' && v.params?.reportIntervalS === undefined && v.params?.overspeedKmh === undefined) {
      ctx.addIssue({ code: 'custom', path: ['params'], message: 'validation.required' });
    }
    if (v.type in SETTING_OF) {
      const field = SETTING_OF[v.type as keyof typeof SETTING_OF];
      if (v.params?.[field] === undefined) {
        const key = field === 'driveHz' ? 'command.speedInvalid' : 'validation.required';
        ctx.addIssue({ code: 'custom', path: ['params', field], message: key });
      }
    }
  });
export type CreateCommandForm = z.infer<typeof createCommandForm>;

export const commandItem = z.object({
  id: z.string(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  type: z.enum(COMMAND_TYPES),
  level: z.enum(LOCK_LEVELS).nullable(),
  mode: z.enum(LOCK_MODES).nullable(),
  params: commandParams.nullable(),
  state: z.enum(COMMAND_STATES),
  /** LOCK_EXECUTION code: 1 executing, 2 succeeded, 3 failed, 4 cancelled. */
  execution: z.number().int(),
  reason: z.enum(COMMAND_REASONS).nullable(),
  /** The reason in the request's language, '' while the command runs or after it succeeded. */
  reasonText: z.string(),
  /** What the machine said, or the command that superseded this one. */
  detail: z.string(),
  /** The lock level and sleep state the machine reported when it finished. */
  reported: z.object({ lock: z.string(), sleeping: z.boolean() }).nullable(),
  attempts: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CommandItem = z.infer<typeof commandItem>;

export const commandListQuery = pageQuery.extend({
  deviceId: z.coerce.number().int().positive().optional(),
  /** Part of the serial number or host name. */
  keyword: z.string().trim().max(40).optional(),
  type: z.enum(COMMAND_TYPES).optional(),
  state: z.enum(COMMAND_STATES).optional(),
  /** LOCK_EXECUTION code. */
  execution: z.coerce.number().int().min(1).max(4).optional(),
});

/**
 * Steps of a command's life in the operation log (`command.<step>`): the state it moved to, `resent` when it
 * was published again, `lateAck` when the machine answered after it was cancelled or expired.
 */
export const COMMAND_LOG_STEPS = [...COMMAND_STATES, 'resent', 'lateAck'] as const;

const commandLogEntry = z.object({
  step: z.enum(COMMAND_LOG_STEPS),
  /** Who did it; null for the machine or the server (delivery, acknowledgement, expiry). */
  userId: z.number().int().nullable(),
  userName: z.string(),
  at: z.string(),
});

export const commandEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/command/create.do',
    summary:
      'Command one or many machines the user’s organisations own (lock, unlock, sleep, wake, params). A machine ' +
      'that is offline or asleep gets it when it connects or wakes; a queued command of the same kind is superseded',
    access: { roles: COMMAND_ROLES },
    scope: 'machines',
    query: noInput,
    body: createCommandForm,
    response: z.object({
      list: z.array(commandItem),
      /** How many of the machines were not online: their commands wait. */
      waiting: z.number().int(),
    }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/command/list.do',
    summary: 'Commands to the machines in the user’s scope, newest first, filtered by machine, type and state',
    access: { roles: COMMAND_ROLES },
    scope: 'machines',
    query: commandListQuery,
    body: noInput,
    response: paged(commandItem),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/command/detail.do',
    summary: 'One command with its lifecycle (who or what moved it to each state, and when)',
    access: { roles: COMMAND_ROLES },
    scope: 'machines',
    query: z.object({ id: z.string().trim().min(1).max(40) }),
    body: noInput,
    response: commandItem.extend({ logs: z.array(commandLogEntry) }),
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/command/cancel.do',
    summary: 'Cancel a command that the machine has not received yet (queued or sent)',
    access: { roles: COMMAND_ROLES },
    scope: 'machines',
    query: noInput,
    body: z.object({ id: z.string().trim().min(1).max(40) }),
    response: commandItem,
  }),
} as const;

/**
 * The machine-control commands a kind's equipment has (decision 021), so the console offers only these: a
 * running mode for the machines with a controller (not batteries and chargers), a pump mode for concrete
 * pumps, and a frequency drive on the pump motors of concrete pumps and wet sprayers. A machine refuses what it
 * lacks all the same ('unsupported').
 */
export function controlsOf(kind: MachineKind): { runMode: boolean; pumpMode: boolean; speed: boolean } {
  return {
    runMode: kind !== 'battery' && kind !== 'charger',
    pumpMode: kind === 'concretePump',
    speed: kind === 'concretePump' || kind === 'wetSprayer',
  };
}
